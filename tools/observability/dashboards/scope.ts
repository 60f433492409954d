// Does a PromQL expression read only the series the dashboard's variables select? A lexical check, enough for
// the expressions promql.ts writes: every label-matcher block must carry the three filters, and a metric named
// without one must be one of Kadr's fleet-wide recording rules (`kadr:…`, aggregated with no labels left).
import { SCOPE_MATCHERS } from './promql';

const KEYWORDS = new Set('and or unless bool offset by without on ignoring group_left group_right inf nan'.split(' '));

/** The selectors of `expr` that escape the variables; empty when every one is scoped. */
export function unscopedSelectors(expr: string): string[] {
  const unscoped: string[] = [];
  for (const [selector, block = ''] of expr.matchAll(/(?:[a-zA-Z_:][\w:]*\s*)?\{([^}]*)\}/g)) {
    if (!SCOPE_MATCHERS.every((matcher) => block.includes(matcher))) unscoped.push(selector);
  }
  const bare = expr
    .replace(/\{[^}]*\}/g, '{}') // matcher blocks, checked above
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // string arguments
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // label lists
    .replace(/\[[^\]]*\]/g, ''); // ranges and subquery steps
  for (const match of bare.matchAll(/[a-zA-Z_:][\w:]*|\d[\w.]*/g)) {
    const name = match[0];
    const next = bare.slice(match.index + name.length).trimStart()[0];
    // A name left here may be a number, a function, a selector checked above, a keyword or a recording rule.
    const allowed =
      /^\d/.test(name) || next === '(' || next === '{' || KEYWORDS.has(name.toLowerCase()) || name.startsWith('kadr:');
    if (!allowed) unscoped.push(name);
  }
  return unscoped;
}
