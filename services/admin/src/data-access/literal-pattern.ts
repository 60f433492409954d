/**
 * A regular expression source that matches `text` literally: what a user types in the search box
 * is never a pattern (`a.b` must not match `axb`, and `(` must not be a syntax error).
 */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
