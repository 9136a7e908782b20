/**
 * Whether a `fetch` failed before its request could have reached the server (no connection at
 * all): what it asked was certainly not done, unlike a time-out or a dropped answer.
 */
export function neverSent(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'ENETUNREACH' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}
