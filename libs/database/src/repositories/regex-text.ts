/** Escapes text for a regular expression, so that every character matches literally. */
export function escapeRegexText(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
