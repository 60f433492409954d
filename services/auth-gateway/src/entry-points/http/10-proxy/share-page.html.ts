import { createHash } from 'node:crypto';
import { SHARE_REPORT_REASONS, type SharedVideo } from '@kadr/contracts';
import { SHARE_TEXTS, type ShareLanguage } from './share-page.texts';

/** Every character that could end a text or an attribute value, as an entity (text and quoted attributes alike). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page's one style sheet, inline so the first response is the whole page; allowed by its hash. */
const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#0b0b10;color:#f2f2f5}
main{max-width:960px;margin:0 auto;padding:24px}
video{width:100%;max-height:70vh;background:#000;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 16px}
p{line-height:1.5}
a{color:#9ecbff}
details{margin-top:32px}
label{display:block;margin:8px 0 4px}
select,textarea,button{font:inherit}
textarea{width:100%;max-width:480px}
button{margin-top:8px;padding:6px 14px}`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * No scripts at all, media and images from our origin only, the report form posts to our origin,
 * never framed: the page shows text other people wrote, so nothing in it may run.
 */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  `style-src ${STYLE_HASH}`,
  "img-src 'self'",
  "media-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page's title: the prompt's start when it is shown. */
const TITLE_LENGTH = 70;
export function titleOf(video: Pick<SharedVideo, 'prompt'>, language: ShareLanguage = 'en'): string {
  if (!video.prompt) return SHARE_TEXTS[language].untitled;
  const prompt = video.prompt.replace(/\s+/g, ' ').trim();
  return prompt.length > TITLE_LENGTH ? `${prompt.slice(0, TITLE_LENGTH - 1)}…` : prompt;
}

function page(head: string, body: string, robots: string, language: ShareLanguage): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${robots}">
${head}
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SharePageContext {
  /** The product's origin (PUBLIC_URL), for the absolute URLs link previews need. */
  publicUrl: string;
  /** After a report was sent from this page. */
  reported?: boolean;
  /** The visitor's (share-page.texts.ts); default English. */
  language?: ShareLanguage;
}

/** `/v/{token}`: the player, the prompt unless hidden, the owner's chosen name only, the tags of link previews. */
export function renderSharePage(
  video: SharedVideo,
  { publicUrl, reported, language = 'en' }: SharePageContext,
): string {
  const text = SHARE_TEXTS[language];
  const origin = publicUrl.replace(/\/+$/, '');
  const pagePath = `/v/${video.token}`;
  const url = (path: string) => escapeHtml(`${origin}${path}`);
  const title = escapeHtml(titleOf(video, language));
  const byline = video.shownAs ? text.sharedBy(video.shownAs) : text.sharedFromKadr;
  const description = escapeHtml(video.prompt ? `${byline}: ${video.prompt}` : byline);
  const meta = (attribute: 'property' | 'name', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${content}">`;
  const head = [
    `<title>${title}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url(pagePath)),
    meta('property', 'og:image', url(`${pagePath}/thumbnail`)),
    meta('property', 'og:video', url(`${pagePath}/video`)),
    meta('property', 'og:video:type', escapeHtml(video.contentType)),
    meta('property', 'og:video:width', String(video.width)),
    meta('property', 'og:video:height', String(video.height)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', url(`${pagePath}/thumbnail`)),
  ].join('\n');
  const reasons = SHARE_REPORT_REASONS.map((r) => `<option value="${r}">${escapeHtml(text.reasons[r])}</option>`).join(
    '',
  );
  const body = `<h1>${title}</h1>
<video controls playsinline preload="metadata" width="${video.width}" height="${video.height}" poster="${escapeHtml(`${pagePath}/thumbnail`)}" src="${escapeHtml(`${pagePath}/video`)}"></video>
${video.prompt ? `<p><strong>${text.prompt}</strong> ${escapeHtml(video.prompt)}</p>` : ''}
<p>${escapeHtml(byline)} · <a href="/">${text.makeYourOwn}</a></p>
${
  reported
    ? `<p role="status">${text.reportSent}</p>`
    : `<details>
<summary>${text.reportSummary}</summary>
<form method="post" action="${escapeHtml(`${pagePath}/reports`)}">
<label for="reason">${text.reason}</label>
<select id="reason" name="reason" required>${reasons}</select>
<label for="details">${text.details}</label>
<textarea id="details" name="details" maxlength="500" rows="3"></textarea>
<button type="submit">${text.sendReport}</button>
</form>
</details>`
}`;
  return page(head, body, video.allowIndexing ? 'index, follow' : 'noindex', language);
}

/** The answer for an unknown, expired or revoked link: one page for all three, never indexed. */
export function renderShareNotFound(language: ShareLanguage = 'en'): string {
  const text = SHARE_TEXTS[language];
  return page(
    `<title>${text.notFoundTitle}</title>`,
    `<h1>${text.notFoundTitle}</h1>
<p>${text.notFoundBody}</p>
<p><a href="/">${text.goToKadr}</a></p>`,
    'noindex',
    language,
  );
}

/** After a report from the page's form (no script, so a page of its own). */
export function renderReportThanks(token: string, language: ShareLanguage = 'en'): string {
  const text = SHARE_TEXTS[language];
  return page(
    `<title>${text.thanksTitle}</title>`,
    `<h1>${text.thanksTitle}</h1>
<p role="status">${text.thanksBody}</p>
<p><a href="${escapeHtml(`/v/${token}`)}">${text.backToVideo}</a></p>`,
    'noindex',
    language,
  );
}
