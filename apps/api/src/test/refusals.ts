/**
 * What every refusal of the API must look like (docs/architecture.md): a 4xx, never a 5xx, with the
 * envelope `{ success: false, message }` whose message is French text for the user, not a default
 * English message of Fastify or zod.
 */

const ENGLISH_DEFAULTS =
  /invalid input|expected|too (big|small)|must (be|have)|required|bad request|not found|internal server error|unexpected|unrecognized|querystring\/|body\/|params\//i;

export type Answer = { status: number; text: string };

/** Why an answer is not an acceptable refusal, or null when it is one. */
export function refusalProblem({ status, text }: Answer): string | null {
  if (status >= 500) return `status ${status} (a 5xx)`;
  if (status < 400) return `status ${status} (not a refusal)`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON`;
  }
  const { success, message } = (body ?? {}) as { success?: unknown; message?: unknown };
  if (success !== false) return `status ${status} without success: false`;
  if (typeof message !== 'string' || !message.trim()) return `status ${status} without a message`;
  if (ENGLISH_DEFAULTS.test(message)) return `status ${status} with an English message: ${message}`;
  return null;
}

/** Why an answer breaks the contract (a 5xx, or a refusal without the envelope), or null. */
export function answerProblem(answer: Answer): string | null {
  return answer.status < 400 ? null : refusalProblem(answer);
}

/** The answer, shortened for a failure message. */
export const describeAnswer = ({ status, text }: Answer) =>
  `${status} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
