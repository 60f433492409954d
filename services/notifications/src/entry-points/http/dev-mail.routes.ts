import { Router } from 'express';
import type { CaughtMail, MailCatcher } from '../../integrations/mail/mail-catcher';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  '<style>body{font-family:sans-serif;margin:2rem;max-width:60rem}td,th{padding:.25rem .5rem;text-align:left}' +
  'iframe{width:100%;height:30rem;border:1px solid #ccc}pre{white-space:pre-wrap}</style></head>' +
  `<body>${body}</body></html>`;

function listPage(mails: CaughtMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to)}</td>` +
        `<td><a href="/dev/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Kadr mail catcher',
    '<h1>Mail catcher (development only)</h1><p>Every e-mail Kadr sent in this mode; none left this machine.</p>' +
      (mails.length === 0
        ? '<p>No e-mail yet.</p>'
        : `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`),
  );
}

function messagePage(mail: CaughtMail): string {
  const headers = Object.entries(mail.headers)
    .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return page(
    mail.subject,
    `<p><a href="/dev/mail">← All e-mail</a></p><h1>${escapeHtml(mail.subject)}</h1><table>${headers}</table>` +
      // The HTML part in a sandboxed frame: no scripts, no same-origin access.
      `<h2>HTML</h2><iframe sandbox title="HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe>` +
      `<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  );
}

/**
 * `GET /dev/mail`, `/dev/mail/:id` and `/dev/mail.json`: the development mail catcher's messages.
 * Mounted only when the catcher runs (no SMTP_URL, never in production: config refuses that).
 */
export function devMailRoutes(catcher: MailCatcher): Router {
  const router = Router();
  router.get('/dev/mail', async (_req, res) => {
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(listPage(await catcher.list()));
  });
  router.get('/dev/mail.json', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ data: await catcher.list() });
  });
  router.get('/dev/mail/:id', async (req, res) => {
    const mail = await catcher.read(String(req.params.id));
    if (!mail) {
      res.status(404).type('html').send(page('Not found', '<p>No such e-mail. <a href="/dev/mail">All e-mail</a></p>'));
      return;
    }
    res.type('html').set('Cache-Control', 'no-store').send(messagePage(mail));
  });
  return router;
}
