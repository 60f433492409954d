const SET_OPERATOR = /^(and|or|unless)\b(\s+on\s*\([^)]*\)|\s+ignoring\s*\([^)]*\))?/;

/**
 * The parts of an alert expression that must each return series on a live stack: the operands of its
 * top-level `and` / `or` / `unless`, each without its threshold comparison (`> 0.1`, `>= 10`, `== 1`).
 * `A > 0.1 and B >= 10` → `A`, `B`. A comparison between two series stays (it is not a threshold), and
 * so does everything inside parentheses, functions and aggregations.
 */
export function partsWithoutThresholds(expr: string): string[] {
  const parts = splitTopLevel(expr, SET_OPERATOR).map(withoutThreshold).map(unwrap);
  // `(A or vector(0)) == 0`: A is the part to check; the constant would always answer.
  return parts
    .flatMap((part) => (splitTopLevel(part, SET_OPERATOR).length > 1 ? partsWithoutThresholds(part) : [part]))
    .filter((part) => !/^vector\(\s*[\d.]+\s*\)$/.test(part));
}

/** Splits `expr` on `separator` (matched at the start of the rest of the text) outside parentheses, braces and quotes. */
function splitTopLevel(expr: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < expr.length; index += 1) {
    const char = expr.charAt(index);
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if ('([{'.includes(char)) depth += 1;
    else if (')]}'.includes(char)) depth -= 1;
    else if (depth === 0 && /\s/.test(expr[index - 1] ?? ' ')) {
      const match = separator.exec(expr.slice(index));
      if (match) {
        parts.push(expr.slice(start, index).trim());
        index += match[0].length - 1;
        start = index + 1;
      }
    }
  }
  parts.push(expr.slice(start).trim());
  return parts.filter(Boolean);
}

/** `A > 0.1` → `A`; `A > (14.4 * 0.001)` → `A`; `A == B` (no number on the right) stays as it is. */
function withoutThreshold(part: string): string {
  const pieces = splitTopLevel(part, /^(>=|<=|==|!=|>|<)(\s*bool\b)?/);
  const [left, right] = pieces;
  if (pieces.length !== 2 || left === undefined || right === undefined) return part;
  return /^\(?[\d.\s*+\-/()]+\)?$/.test(right) ? left : part;
}

/** One layer of parentheses around the whole part goes: `(A or vector(0))` → `A or vector(0)`. */
function unwrap(part: string): string {
  const trimmed = part.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) return trimmed;
  let depth = 0;
  for (let index = 0; index < trimmed.length; index += 1) {
    if (trimmed[index] === '(') depth += 1;
    else if (trimmed[index] === ')') depth -= 1;
    if (depth === 0 && index < trimmed.length - 1) return trimmed;
  }
  return trimmed.slice(1, -1).trim();
}
