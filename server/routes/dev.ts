import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Db } from '../db/connection.ts';
import { listOutbox } from '../notify/outbox.ts';
import { advanceClock, nowMs, resetClock } from '../clock.ts';

/** The furthest one call moves the demo clock: a semester. */
const MAX_ADVANCE_HOURS = 24 * 200;

/**
 * Demo mode only (mounted at /dev when MODE=demo, loopback host names only):
 * - GET /dev/outbox, /dev/outbox.json: every email and text the product sent, newest first.
 * - POST /dev/clock, JSON `{"advance_hours": n}` (0 < n ≤ 4800) or `{"reset": true}`: the test
 *   clock. Moves the server's clock (server/clock.ts: every time rule reads it) forward, or back to
 *   the machine's time, then runs the scheduled jobs once (weekly charges, refund retries, purges),
 *   as the job queue would when their time came. Answers `{"now": epoch seconds}`. A JSON body is
 *   required, so another site's page cannot send it (a cross-site JSON POST needs a preflight).
 */
export function devRoutes(db: Db, runDueJobs: () => Promise<void> = async () => {}) {
  const app = new Hono({ strict: false });

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
            pre { white-space: pre-wrap; font: inherit; margin: 0.5rem 0; }
            a { color: #1d4ed8; word-break: break-all; }
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
                <pre>${m.text}</pre>
                ${m.link ? html`<p><a href="${m.link}">Open the link</a></p>` : ''}
              </article>`,
            )}
          </main>
        </body>
      </html>`);
  });

  return app;
}
