import { z } from 'zod';

// The REST contract's envelopes (docs/architecture.md). The API serialises every answer through
// them; the web's one client reads them.

export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Every refusal: `{ success: false, message, errors? }`, `errors` mapping a field to French messages. */
export const ApiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: FieldErrorsSchema.optional(),
});
export type ApiFailure = z.infer<typeof ApiFailureSchema>;

/** A success carrying `data` (and sometimes a message to show). */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

/** Marks an operation whose success carries only a message (logout, password reset …). */
export const NoDataSchema = z.undefined();

export const MessageEnvelopeSchema = z.object({ success: z.literal(true), message: z.string() });

/** The success envelope of an operation answering `data` (or only a message, for NoDataSchema). */
export const envelopeFor = (data: z.ZodType) =>
  data === NoDataSchema ? MessageEnvelopeSchema : successEnvelope(data);

/** What a success carries on the API side (`ok`/`done` build it; a message-only one has no data). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };

export const PaginationSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
});
export type Pagination = z.infer<typeof PaginationSchema>;
