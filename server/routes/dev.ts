import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Db } from '../domain/handle.ts';
import { listOutbox, outboxInvite } from '../notify/outbox.ts';
import { advanceClock, nowMs, resetClock } from '../clock.ts';

/** The furthest one call moves the demo clock: a semester. */
const MAX_ADVANCE_HOURS = 24 * 200;

/**
 * An email's HTML part as the document of a sandboxed frame's srcdoc: links open in a new tab (a
 * sandboxed frame may not navigate the page), and a fragment gets a document around it. The frame
 * has no scripts and inherits this page's Content-Security-Policy (srcdoc makes no request).
 */
export function emailDocument(htmlPart: string): string {
  const base = '<base target="_blank">';
  if (/<html[\s>]/i.test(htmlPart)) {
    return /<head[^>]*>/i.test(htmlPart) ? htmlPart.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : htmlPart;
  }
  return `<!doctype html><html><head><meta charset="utf-8">${base}</head><body style="margin:12px">${htmlPart}</body></html>`;
}

/**
 * Demo mode only (mounted at /dev when MODE=demo, loopback host names only):
 * - GET /dev/outbox, /dev/outbox.json: every email and text the product sent, newest first. The
 *   page shows each email's HTML part as a mail program would (in a sandboxed frame: no scripts,
 *   links open in a new tab) above its plain-text part, and a link to the invite of those with one.
 * - GET /dev/outbox/{id}.ics: that message's calendar invite, as the attachment it was sent with.
 * - GET /dev/clock: the server's clock, `{"now": epoch milliseconds}` (the journeys set their
 *   browser's clock to it).
 * - POST /dev/clock, JSON `{"advance_hours": n}` (0 < n ≤ 4800) or `{"reset": true}`: the test
 *   clock. Moves the server's clock (server/clock.ts: every time rule reads it) forward, or back to
 *   the machine's time (or to DEMO_CLOCK_START's timeline when it was started at one), then runs the scheduled jobs once (weekly charges, refund retries, purges),
 *   as the job queue would when their time came. Answers `{"now": epoch seconds}`. A JSON body is
 *   required, so another site's page cannot send it (a cross-site JSON POST needs a preflight).
 */
export function devRoutes(db: Db, runDueJobs: () => Promise<void> = async () => {}) {
  const app = new Hono({ strict: false });

  app.get('/clock', (c) => c.json({ now: nowMs() }, 200, { 'cache-control': 'no-store' }));

  app.post('/clock', async (c) => {
    const body: unknown = c.req.header('content-type')?.startsWith('application/json') ? await c.req.json().catch(() => null) : null;
    const hours = body && typeof body === 'object' && 'advance_hours' in body ? body.advance_hours : undefined;
    const reset = body && typeof body === 'object' && 'reset' in body && body.reset === true;
    if (reset) resetClock();
    else if (typeof hours === 'number' && Number.isFinite(hours) && hours > 0 && hours <= MAX_ADVANCE_HOURS) advanceClock(hours * 3600_000);
    else return c.json({ error: 'Send JSON {"advance_hours": n} with 0 < n <= 4800, or {"reset": true}' }, 400);
    await runDueJobs();
    return c.json({ now: Math.floor(nowMs() / 1000) });
  });

  app.get('/outbox.json', async (c) => c.json(await listOutbox(db)));

  /** A message's invite, as a calendar program opens it (the same text the email carried). */
  app.get('/outbox/:file', async (c) => {
    const match = /^([0-9]{1,10})\.ics$/.exec(c.req.param('file'));
    const id = match ? Number(match[1]) : NaN;
    const invite = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await outboxInvite(db, id) : undefined;
    if (!invite) return c.text('No invite with this message', 404, { 'cache-control': 'no-store' });
    return c.body(invite.ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="outbox-${invite.id}.ics"`,
      'cache-control': 'no-store',
    });
  });

  app.get('/outbox', async (c) => {
    const messages = await listOutbox(db);
    c.header('cache-control', 'no-store');
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Outbox (demo)</title>
          <style>
            body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
            article { border: 1px solid #cbd5e1; border-radius: 12px; padding: 1rem 1.25rem; margin: 1rem 0; }
            .meta { color: #475569; font-size: 0.9rem; margin: 0 0 0.5rem; }
            pre { white-space: pre-wrap; font: inherit; margin: 0.5rem 0; overflow-wrap: anywhere; }
            a { color: #1d4ed8; word-break: break-all; }
            h3 { font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.04em; color: #475569; margin: 1rem 0 0.35rem; }
            iframe { display: block; width: 100%; height: 22rem; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; resize: vertical; }
            .plain { background: #f8fafc; border-radius: 8px; padding: 0.5rem 0.75rem; }
          </style>
        </head>
        <body>
          <main>
            <h1>Outbox</h1>
            <p>Demo mode: the emails and texts the product sent, newest first. Nothing here left this machine.</p>
            ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
            ${messages.map(
              (m) => html`<article data-channel="${m.channel}">
                <p class="meta">#${m.id} · ${m.channel === 'email' ? 'Email' : 'Text'} to ${m.to} · ${new Date(m.created_at * 1000).toISOString()}</p>
                ${m.subject ? html`<h2>${m.subject}</h2>` : ''}
                ${m.html
                  ? html`<h3>As it looks</h3>
                      <iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="Email #${m.id} as it looks" srcdoc="${emailDocument(m.html)}"></iframe>
                      <h3>Plain text</h3>`
                  : ''}
                <pre class="${m.html ? 'plain' : ''}">${m.text}</pre>
                ${m.link ? html`<p><a href="${m.link}">Open the link</a></p>` : ''}
                ${m.ics ? html`<p><a href="/dev/outbox/${m.id}.ics" download="outbox-${m.id}.ics">Download invite (.ics)</a></p>` : ''}
              </article>`,
            )}
          </main>
        </body>
      </html>`);
  });

  return app;
}
