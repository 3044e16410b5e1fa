import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { newCustomer } from './booking-helpers.ts';
import { call, describeApi, TestClient } from './harness.ts';

describeApi('the request log', (ctx) => {
  /** The suite's app with the request log on, writing its lines here. */
  function loggingApp(lines: string[]) {
    const { database } = ctx();
    return createApiApp({ database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: true, trustProxy: 1 }, log: (line) => lines.push(line) });
  }

  it("never writes a calendar feed's secret: the path is logged with the secret redacted", async () => {
    const customer = await newCustomer(ctx());
    const feed = new URL((await call(customer.client, '/api/calendar-feed', { method: 'POST' })).body.data.url as string);
    const secret = /^\/api\/calendar-feed\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.pathname)![1]!;
    const lines: string[] = [];
    const calendarApp = new TestClient(loggingApp(lines));
    expect((await calendarApp.fetch(feed.pathname)).status).toBe(200);
    // A feed address that is no longer (or never was) a secret of ours is as private.
    expect((await calendarApp.fetch(`/api/calendar-feed/${secret.slice(0, 20)}.ics`)).status).toBe(404);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(secret.slice(0, 20));
      expect(line).toMatch(/^GET \/api\/calendar-feed\/\[redacted\]\.ics (200|404) [\d.]+ms$/);
    }
  });

  it("never writes a login link's token (query strings are not logged)", async () => {
    const lines: string[] = [];
    const client = new TestClient(loggingApp(lines));
    await call(client, `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST' });
    const { link } = await ctx().database.db.selectFrom('outbox').select('link').where('channel', '=', 'email').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const token = new URL(link!).searchParams.get('token')!;
    expect((await call(client, `/api/login?token=${token}`)).status).toBe(200);
    expect(lines.some((line) => line.startsWith('GET /api/login 200'))).toBe(true);
    for (const line of lines) expect(line).not.toContain(token);
    expect(lines.join('\n')).not.toContain(demoAccounts.customer.email);
  });
});
