// A message the shop writes, kept as the words around its values, so the one text is both what an
// owner's tap prefills (or an e-mail carries, or a free-form WhatsApp message sends) and a WhatsApp
// template Meta approves once, in which each value is a numbered variable ({{1}}, {{2}}…) sent
// with every message (docs/decisions/0041-whatsapp-cloud-api.md).

/** A line of a message: words only, or words around values (each value a template variable). */
export type MessageLine = string | { readonly words: readonly string[]; readonly values: readonly string[] };

/** A message: its template's name (one per variant: a template has no optional line) and its lines. */
export type TemplatedMessage = { name: string; lines: readonly MessageLine[] };

/**
 * A line whose `${…}` parts are values: `` p`votre commande ${number} est prête.` ``. A value is
 * written on one line (Meta refuses a variable holding a line break, a tab or five spaces in a row).
 */
export const p = (words: readonly string[], ...values: string[]): MessageLine => ({
  words: [...words],
  values: values.map((value) => value.replace(/[\t\r\n]+/g, ' ').replace(/ {4,}/g, '   ')),
});

const wordsOf = (line: MessageLine) => (typeof line === 'string' ? [line] : line.words);
const valuesOf = (line: MessageLine) => (typeof line === 'string' ? [] : line.values);

/** The message as a person reads it. */
export const messageText = (message: TemplatedMessage) =>
  message.lines
    .map((line) =>
      wordsOf(line).reduce((text, words, i) => text + (i ? valuesOf(line)[i - 1] : '') + words, ''),
    )
    .join('\n');

/** The template's body as Meta takes it: each value a variable numbered in order ({{1}}, {{2}}…). */
export function templateBody(message: TemplatedMessage): string {
  let n = 0;
  return message.lines
    .map((line) => wordsOf(line).reduce((body, words, i) => `${body}${i ? `{{${++n}}}` : ''}${words}`, ''))
    .join('\n');
}

/** The values of the template's variables, in their numbers' order. */
export const templateValues = (message: TemplatedMessage) => message.lines.flatMap(valuesOf);
