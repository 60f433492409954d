/**
 * Bytes of a string once UTF-8 encoded, counted without encoding it. A lone surrogate counts 3
 * (as the replacement character it becomes), a pair 4 — exact for what JSON.stringify produces.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The JSON size of one value in bytes. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value));
}
