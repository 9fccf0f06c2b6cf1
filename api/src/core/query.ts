/** Escapes `%`, `_` and `\` so a user's text matches literally inside a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching values that contain the text anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
