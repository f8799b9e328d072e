import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config';
import { notFound } from '../../errors';
import type { Services } from '../../services';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Turns the reset links of a mail body into anchors; everything else is escaped text. */
function linkify(text: string): string {
  return escapeHtml(text).replace(
    /(https?:\/\/[^\s<]+\/reset-password\/[A-Za-z0-9_-]+)/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
}

/** The development mail viewer: the brand's outbox as JSON and as a page, only in LOCAL and DEV. */
export function registerMailRoutes(api: FastifyInstance, services: Services, config: AppConfig) {
  // The development mail viewer: only in LOCAL and DEV, never on staging or production.
  const devOnly = config.env === 'LOCAL' || config.env === 'DEV';
  api.get('/api/dev/outbox', async (request) => {
    if (!devOnly) throw notFound();
    const mails = await services.mail.listOutbox(request.ctx.brand.config.id);
    return {
      mails: mails.map((mail) => ({
        id: mail.id,
        kind: mail.kind,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        createdAt: mail.created_at,
        sentAt: mail.sent_at,
        error: mail.error,
      })),
    };
  });

  api.get('/api/dev/mail', async (request, reply) => {
    if (!devOnly) throw notFound();
    const mails = await services.mail.listOutbox(request.ctx.brand.config.id);
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to_address)} · ${escapeHtml(mail.created_at)}${mail.sent_at ? ' · sent by SMTP' : ''}</p>
  <pre>${linkify(mail.text_body)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (development)</title>
<style>body{background:#0b0a12;color:#ecebf5;font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem}
a{color:#b9b0ff}article{border:1px solid #3a3950;border-radius:8px;margin:1rem 0;padding:0 1rem}
pre{white-space:pre-wrap;word-break:break-word}.meta{color:#b4b3c7}</style></head>
<body><main><h1>Outbox (development)</h1>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .send(html);
  });
}
