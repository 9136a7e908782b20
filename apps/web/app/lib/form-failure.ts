/** What a form action hands back to its page on failure: a banner message and/or per-field errors. */
export type FormFailure = {
  message?: string;
  errors?: Record<string, string>;
  /** What the visitor typed (never passwords), so a page without JavaScript keeps it. */
  values?: Record<string, string>;
};
