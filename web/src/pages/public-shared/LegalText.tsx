import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** `[label](href)` links and `[[what the operator fills in]]` placeholders inside a legal sentence. */
const INLINE = /\[\[([^\]]+)\]\]|\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * Renders one sentence of a legal text: our own paths become router links, outside addresses open
 * normally (with `rel="noopener"`), placeholders are highlighted so nobody mistakes them for content.
 */
export function LegalText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const [, placeholder, label, href] = match;
    if (placeholder !== undefined) {
      parts.push(
        <mark key={index} className="legal-fill">
          [{placeholder}]
        </mark>,
      );
    } else if (label !== undefined && href !== undefined) {
      parts.push(
        href.startsWith('/') ? (
          <Link key={index} to={href}>
            {label}
          </Link>
        ) : (
          <a key={index} href={href} rel="noopener noreferrer" target="_blank">
            {label}
          </a>
        ),
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
