/**
 * The two documents that point into the code stay true to it: every repository path named in backticks in
 * docs/spec-map.md (the product specification → the files that implement it and the tests that prove it) and in
 * docs/decisions.md exists, and every link to a heading of the same document finds one. Where the product
 * specification is at hand (it lives next to the repository, in the project's shared folder, not in a clean
 * clone), every section of it has its section in docs/spec-map.md, in the specification's order.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const SPEC_MAP = 'docs/spec-map.md';
const DECISIONS = 'docs/decisions.md';

/**
 * The product specification when it is at hand: KADR_PRODUCT_SPEC when set (only there), else the project's shared
 * folder next to the repository's folder.
 */
function productSpecPath(): string | undefined {
  const candidates = process.env.KADR_PRODUCT_SPEC
    ? [process.env.KADR_PRODUCT_SPEC]
    : [path.resolve(root, '../shared/spec/product-spec.md'), '/work/shared/spec/product-spec.md'];
  return candidates.find((candidate) => fs.existsSync(candidate));
}

const read = (relative: string): string => fs.readFileSync(path.join(root, relative), 'utf8');

/** Inline code spans (`…`) outside fenced code blocks. */
function codeSpans(markdown: string): string[] {
  const outsideFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...outsideFences.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

/**
 * A code span that names a file or folder of the repository: a relative path with a `/` that ends in a file
 * extension or in `/`. Not one: URL paths and absolute paths (a leading `/`), URLs, package names (`@scope/…`),
 * commands (white space), and patterns with placeholders or globs (`<name>`, `*`, `${VAR}`, `…`).
 */
function isRepoPath(span: string): boolean {
  if (!span.includes('/') || /\s/.test(span)) return false;
  if (span.startsWith('/') || span.startsWith('@') || span.includes('://')) return false;
  if (/[<>*{}$|?#:…[\]]/.test(span)) return false;
  return span.endsWith('/') || /\.[A-Za-z0-9]+$/.test(span.split('/').pop()!);
}

function repoPathsIn(markdown: string): string[] {
  return [...new Set(codeSpans(markdown).filter(isRepoPath))];
}

const missingPaths = (paths: string[]): string[] => paths.filter((p) => !fs.existsSync(path.join(root, p)));

interface Heading {
  level: number;
  text: string;
}

function headings(markdown: string): Heading[] {
  const outsideFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...outsideFences.matchAll(/^(#{1,6}) +(.+?) *#*$/gm)].map((match) => ({
    level: match[1]!.length,
    text: match[2]!.trim(),
  }));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces → `-`; repeats get `-1`, `-2`, … */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const { text } of headings(markdown)) {
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const brokenAnchorLinks = (markdown: string): string[] => {
  const known = anchors(markdown);
  return [...markdown.matchAll(/\]\(#([^)\s]+)\)/g)].map((match) => match[1]!).filter((anchor) => !known.has(anchor));
};

describe('what counts as a repository path', () => {
  it.each([
    'services/jobs/src/domain/jobs/create-job.ts',
    'tools/compose/substitutes/otel-collector/build/',
    'web/public/theme-init.js',
    '.ci/run.sh',
  ])('%s is one', (span) => {
    expect(isRepoPath(span)).toBe(true);
  });

  it.each([
    '/theme-init.js',
    'GET /bff/openapi.json',
    'node services/<name>/dist/main.js',
    'src/*.ts',
    '@kadr/auth-gateway/dev-identity-provider',
    'KC_HOSTNAME=http://localhost:8180',
    'fal-ai/kling-video/v2.1/standard/text-to-video',
    '${KADR_PUBLIC_URL}/auth/callback',
    '.data/<service>/',
  ])('%s is not', (span) => {
    expect(isRepoPath(span)).toBe(false);
  });

  it('finds the paths of a document, once each, outside code blocks', () => {
    const markdown = [
      'See `web/src/app/router.tsx` and `web/src/app/router.tsx` again, `/login` and `e2e/`.',
      '```',
      '`not/a-real-path.ts`',
      '```',
    ].join('\n');
    expect(repoPathsIn(markdown)).toEqual(['web/src/app/router.tsx', 'e2e/']);
  });
});

describe.each([SPEC_MAP, DECISIONS])('%s', (document) => {
  const markdown = read(document);

  it('names only repository paths that exist', () => {
    const paths = repoPathsIn(markdown);
    expect(paths.length).toBeGreaterThan(document === SPEC_MAP ? 150 : 40);
    expect(missingPaths(paths)).toEqual([]);
  });

  it('links only to headings it has', () => {
    expect(brokenAnchorLinks(markdown)).toEqual([]);
  });
});

describe(`${SPEC_MAP} against the product specification`, () => {
  const specPath = productSpecPath();
  // CI runs on a clean clone: the specification is not there, and only the path checks above run.
  const whenSpec = specPath ? it : it.skip;
  const where = specPath ?? 'specification not found (KADR_PRODUCT_SPEC, ../shared/spec/product-spec.md): skipped';

  whenSpec(`has every section of the specification, in its order (${where})`, () => {
    const sections = headings(fs.readFileSync(specPath!, 'utf8')).filter(({ level }) => level === 2 || level === 3);
    expect(sections.filter(({ level }) => level === 2).length).toBeGreaterThanOrEqual(9);
    const mapHeadings = headings(read(SPEC_MAP)).map(({ level, text }) => `${'#'.repeat(level)} ${text}`);
    const wanted = sections.map(({ level, text }) => `${'#'.repeat(level)} ${text}`);
    expect(wanted.filter((heading) => !mapHeadings.includes(heading))).toEqual([]);
    const positions = wanted.map((heading) => mapHeadings.indexOf(heading));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
