/**
 * A legal text (privacy policy, terms of service) as data: sections with an id (the table of
 * contents and `#anchor` links), and blocks of paragraphs, lists, tables and boxes the operator
 * must fill in. Inline text may hold links `[label](href)` and operator placeholders `[[what]]`;
 * `LegalText` renders both.
 */
export type LegalBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h3'; text: string }
  | { kind: 'list'; items: readonly string[]; ordered?: boolean }
  | { kind: 'table'; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }
  /** Details only the operator can give (legal entity, addresses): shown in a clearly marked box. */
  | { kind: 'operator'; title: string; lines: readonly string[] };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** One or two sentences above the table of contents. */
  lead: string;
  /** When the text last changed (ISO date): shown as "Last updated". */
  updated: string;
  sections: readonly LegalSection[];
}

export const p = (text: string): LegalBlock => ({ kind: 'p', text });
export const h3 = (text: string): LegalBlock => ({ kind: 'h3', text });
export const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });
export const ordered = (...items: string[]): LegalBlock => ({ kind: 'list', items, ordered: true });
export const table = (caption: string, head: string[], rows: string[][]): LegalBlock => ({
  kind: 'table',
  caption,
  head,
  rows,
});
export const operator = (title: string, ...lines: string[]): LegalBlock => ({ kind: 'operator', title, lines });
