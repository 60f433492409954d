/**
 * What counts as a visible character of a prompt, written twice: as the jobs service decides it
 * (Unicode properties, `PROMPT_VISIBLE_CHARACTER`) and as the OpenAPI document can state it
 * (`PROMPT_VISIBLE_CHARACTER_PATTERN`: explicit `\u` ranges of the Basic Multilingual Plane, which
 * every JSON Schema consumer reads the same way — ECMA-262 without the `u` flag, Python `re` —
 * while `\p{…}` classes are not portable). `prompt-text.test.ts` checks that the two agree on every
 * BMP code point; it fails when Node's Unicode data changes, and then the ranges are regenerated
 * from `PROMPT_VISIBLE_CHARACTER` (the test prints them). Characters outside the BMP count as
 * visible to the pattern; `PROMPT_VISIBLE_CHARACTER` still refuses a prompt made only of
 * invisible ones (tag characters) — the one case the document cannot state.
 */

/** White space, format characters (zero-width, joiners, bidi marks, BOM) and the blank letters. */
const INVISIBLE = '\\p{White_Space}\\p{Cf}\\u115f\\u1160\\u3164\\uffa0\\u2800';

/** One character a person can see: neither invisible, a combining mark nor default-ignorable. */
export const PROMPT_VISIBLE_CHARACTER = new RegExp(`[^${INVISIBLE}\\p{M}\\p{Default_Ignorable_Code_Point}]`, 'u');

const INVISIBLE_EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');

/** The prompt without the invisible characters at its edges (the jobs service stores it so). */
export function trimInvisibleEdges(value: string): string {
  return value.replace(INVISIBLE_EDGES, '');
}

/** The BMP code points `PROMPT_VISIBLE_CHARACTER` does not accept, as a character class body. */
export const PROMPT_INVISIBLE_BMP_RANGES =
  '\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u00ad\\u0300-\\u036f\\u0483-\\u0489\\u0591-\\u05bd\\u05bf\\u05c1-\\u05c2' +
  '\\u05c4-\\u05c5\\u05c7\\u0600-\\u0605\\u0610-\\u061a\\u061c\\u064b-\\u065f\\u0670\\u06d6-\\u06dd\\u06df-\\u06e4' +
  '\\u06e7-\\u06e8\\u06ea-\\u06ed\\u070f\\u0711\\u0730-\\u074a\\u07a6-\\u07b0\\u07eb-\\u07f3\\u07fd\\u0816-\\u0819' +
  '\\u081b-\\u0823\\u0825-\\u0827\\u0829-\\u082d\\u0859-\\u085b\\u0890-\\u0891\\u0897-\\u089f\\u08ca-\\u0903' +
  '\\u093a-\\u093c\\u093e-\\u094f\\u0951-\\u0957\\u0962-\\u0963\\u0981-\\u0983\\u09bc\\u09be-\\u09c4' +
  '\\u09c7-\\u09c8\\u09cb-\\u09cd\\u09d7\\u09e2-\\u09e3\\u09fe\\u0a01-\\u0a03\\u0a3c\\u0a3e-\\u0a42\\u0a47-\\u0a48' +
  '\\u0a4b-\\u0a4d\\u0a51\\u0a70-\\u0a71\\u0a75\\u0a81-\\u0a83\\u0abc\\u0abe-\\u0ac5\\u0ac7-\\u0ac9\\u0acb-\\u0acd' +
  '\\u0ae2-\\u0ae3\\u0afa-\\u0aff\\u0b01-\\u0b03\\u0b3c\\u0b3e-\\u0b44\\u0b47-\\u0b48\\u0b4b-\\u0b4d' +
  '\\u0b55-\\u0b57\\u0b62-\\u0b63\\u0b82\\u0bbe-\\u0bc2\\u0bc6-\\u0bc8\\u0bca-\\u0bcd\\u0bd7\\u0c00-\\u0c04\\u0c3c' +
  '\\u0c3e-\\u0c44\\u0c46-\\u0c48\\u0c4a-\\u0c4d\\u0c55-\\u0c56\\u0c62-\\u0c63\\u0c81-\\u0c83\\u0cbc' +
  '\\u0cbe-\\u0cc4\\u0cc6-\\u0cc8\\u0cca-\\u0ccd\\u0cd5-\\u0cd6\\u0ce2-\\u0ce3\\u0cf3\\u0d00-\\u0d03' +
  '\\u0d3b-\\u0d3c\\u0d3e-\\u0d44\\u0d46-\\u0d48\\u0d4a-\\u0d4d\\u0d57\\u0d62-\\u0d63\\u0d81-\\u0d83\\u0dca' +
  '\\u0dcf-\\u0dd4\\u0dd6\\u0dd8-\\u0ddf\\u0df2-\\u0df3\\u0e31\\u0e34-\\u0e3a\\u0e47-\\u0e4e\\u0eb1\\u0eb4-\\u0ebc' +
  '\\u0ec8-\\u0ece\\u0f18-\\u0f19\\u0f35\\u0f37\\u0f39\\u0f3e-\\u0f3f\\u0f71-\\u0f84\\u0f86-\\u0f87\\u0f8d-\\u0f97' +
  '\\u0f99-\\u0fbc\\u0fc6\\u102b-\\u103e\\u1056-\\u1059\\u105e-\\u1060\\u1062-\\u1064\\u1067-\\u106d' +
  '\\u1071-\\u1074\\u1082-\\u108d\\u108f\\u109a-\\u109d\\u115f-\\u1160\\u135d-\\u135f\\u1680\\u1712-\\u1715' +
  '\\u1732-\\u1734\\u1752-\\u1753\\u1772-\\u1773\\u17b4-\\u17d3\\u17dd\\u180b-\\u180f\\u1885-\\u1886\\u18a9' +
  '\\u1920-\\u192b\\u1930-\\u193b\\u1a17-\\u1a1b\\u1a55-\\u1a5e\\u1a60-\\u1a7c\\u1a7f\\u1ab0-\\u1add' +
  '\\u1ae0-\\u1aeb\\u1b00-\\u1b04\\u1b34-\\u1b44\\u1b6b-\\u1b73\\u1b80-\\u1b82\\u1ba1-\\u1bad\\u1be6-\\u1bf3' +
  '\\u1c24-\\u1c37\\u1cd0-\\u1cd2\\u1cd4-\\u1ce8\\u1ced\\u1cf4\\u1cf7-\\u1cf9\\u1dc0-\\u1dff\\u2000-\\u200f' +
  '\\u2028-\\u202f\\u205f-\\u206f\\u20d0-\\u20f0\\u2800\\u2cef-\\u2cf1\\u2d7f\\u2de0-\\u2dff\\u3000\\u302a-\\u302f' +
  '\\u3099-\\u309a\\u3164\\ua66f-\\ua672\\ua674-\\ua67d\\ua69e-\\ua69f\\ua6f0-\\ua6f1\\ua802\\ua806\\ua80b' +
  '\\ua823-\\ua827\\ua82c\\ua880-\\ua881\\ua8b4-\\ua8c5\\ua8e0-\\ua8f1\\ua8ff\\ua926-\\ua92d\\ua947-\\ua953' +
  '\\ua980-\\ua983\\ua9b3-\\ua9c0\\ua9e5\\uaa29-\\uaa36\\uaa43\\uaa4c-\\uaa4d\\uaa7b-\\uaa7d\\uaab0\\uaab2-\\uaab4' +
  '\\uaab7-\\uaab8\\uaabe-\\uaabf\\uaac1\\uaaeb-\\uaaef\\uaaf5-\\uaaf6\\uabe3-\\uabea\\uabec-\\uabed\\ufb1e' +
  '\\ufe00-\\ufe0f\\ufe20-\\ufe2f\\ufeff\\uffa0\\ufff0-\\ufffb';

/** "Contains a visible character", as the document states it (a JSON Schema `pattern`). */
// The class lists combining marks on purpose (they are what it excludes), not characters combined with them.
// eslint-disable-next-line no-misleading-character-class
export const PROMPT_VISIBLE_CHARACTER_PATTERN = new RegExp(`[^${PROMPT_INVISIBLE_BMP_RANGES}]`);
