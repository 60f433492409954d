/**
 * The words of a prompt as the gallery's search compares them: letters and digits of any script,
 * NFKC-normalised and lower-cased, each once, in their first order. A search matches a job when every
 * word of the search is one of these (whole words, any letter case). The MongoDB store keeps them on the
 * job (`promptWords`, a multikey index) so the search never scans prompts with an unanchored regex.
 */
export function promptWordsOf(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}
