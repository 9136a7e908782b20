// Shapes of the REST contract shared by the API and its clients (ARCHITECTURE.md §4).
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = { success: false; message: string; errors?: Record<string, string[]> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export type Pagination = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
};
