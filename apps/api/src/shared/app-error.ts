export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  validation: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw; the error handler turns it into the API envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
  }
}

export const notFound = (message: string) => new AppError('not_found', message);
