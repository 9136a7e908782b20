/** `text` as a literal inside a LIKE pattern: its `%`, `_` and `\` match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains `text`". */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
