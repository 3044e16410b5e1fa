import { afterEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { LAST_USE_PRECISION_MS, SIGN_IN_DAYS, SIGN_IN_IDLE_DAYS } from '../../server/domain/sign-in/sign-ins.ts';
import { hashSecret } from '../../server/domain/sign-in/tokens.ts';
import { post } from './booking-helpers.ts';
import { call, describeApi, fastSignIn, sendsSettled, signInAs, type TestClient, type TestContext } from './harness.ts';
import { pinClock } from './suite-clock.ts';

const DAY = 24 * 3600 * 1000;

async function lastUse(ctx: TestContext, client: TestClient): Promise<number> {
  const row = await ctx.database.db.selectFrom('sessions').select('last_used_at').where('id_hash', '=', hashSecret(client.cookies.get('sid')!)).executeTakeFirstOrThrow();
  return new Date(row.last_used_at).getTime();
}

const signedIn = async (client: TestClient) => (await call(client, '/api/checkauth')).status === 200;

describeApi('sessions that age out', (ctx) => {
  afterEach(() => pinClock());

  it(`ends a session unused for ${SIGN_IN_IDLE_DAYS} days, and keeps one in use`, async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.customer.email);
    advanceClock((SIGN_IN_IDLE_DAYS - 1) * DAY);
    expect(await signedIn(client)).toBe(true);
    advanceClock((SIGN_IN_IDLE_DAYS - 1) * DAY);
    expect(await signedIn(client)).toBe(true);
    advanceClock(SIGN_IN_IDLE_DAYS * DAY + 60_000);
    expect(await signedIn(client)).toBe(false);
  });

  it(`ends a session ${SIGN_IN_DAYS} days after it began, however often it is used`, async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.customer.email);
    for (let day = 6; day < SIGN_IN_DAYS; day += 6) {
      advanceClock(6 * DAY);
      expect(await signedIn(client), `day ${day}`).toBe(true);
    }
    advanceClock((SIGN_IN_DAYS % 6 || 6) * DAY + 60_000);
    expect(await signedIn(client)).toBe(false);
  });

  it('writes the last use at most hourly, not on every request', async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.customer.email);
    const started = await lastUse(ctx(), client);
    advanceClock(10 * 60_000);
    expect(await signedIn(client)).toBe(true);
    expect(await lastUse(ctx(), client)).toBe(started);
    advanceClock(LAST_USE_PRECISION_MS);
    expect(await signedIn(client)).toBe(true);
    expect(await lastUse(ctx(), client)).toBeGreaterThanOrEqual(started + LAST_USE_PRECISION_MS);
  });

  it('ends the session that the contact form replaces, on the server too', async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.customer.email);
    const replaced = client.cookies.get('sid')!;
    const created = await post(client, '/api/customers', { email: 'replacing@example.com', phone: '2065550133', firstname: 'Rey', lastname: 'Placing' });
    expect(created.status).toBe(201);
    expect(client.cookies.get('sid')).not.toBe(replaced);
    expect((await call(client, '/api/checkauth')).body.data.customer.firstname).toBe('Rey');
    expect(await ctx().database.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hashSecret(replaced)).execute()).toEqual([]);
    const kept = ctx().client();
    kept.cookies.set('sid', replaced);
    expect(await signedIn(kept)).toBe(false);
  });
});

describeApi('the session cookie', (ctx) => {
  const SITE = 'https://tutors.example';

  function httpsApp() {
    return createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: SITE, logRequests: false }, log: () => {}, ...fastSignIn(ctx().database) });
  }

  /**
   * Signs in by link on an app (requests to `base`, from the site's `origin`) and answers the
   * Set-Cookie lines of the login.
   */
  async function loginCookies(app: ReturnType<typeof createApiApp>, base: string, origin: string, headers: Record<string, string> = {}) {
    await app.request(`${base}/api/login?user_type=tutor&email=${demoAccounts.supervisor.email}`, { method: 'POST', headers: { origin, ...headers } });
    await sendsSettled();
    const link = (await ctx().database.db.selectFrom('outbox').select('link').where('channel', '=', 'email').orderBy('id', 'desc').executeTakeFirstOrThrow()).link!;
    const response = await app.request(`${base}/api/login?token=${new URL(link).searchParams.get('token')}`, { headers });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie();
  }

  it('is __Host-sid, Secure, HttpOnly, SameSite=Lax, Path=/ and without Domain when the site is https', async () => {
    const app = httpsApp();
    // Decided by the configured site, not by the request: a plain-http request or proxy header changes nothing.
    for (const [base, headers] of [[SITE, {}], ['http://tutors.example', { 'x-forwarded-proto': 'http' }]] as const) {
      const set = (await loginCookies(app, base, SITE, headers)).at(-1)!;
      expect(set, base).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
      const attributes = set.split(';').slice(1).map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['path=/', 'httponly', 'secure', 'samesite=lax', `max-age=${30 * 24 * 3600}`]));
      expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
    }
  });

  it('is read and cleared under the same name over https; a plain `sid` is ignored there', async () => {
    const app = httpsApp();
    const secret = (await loginCookies(app, SITE, SITE)).at(-1)!.split(';')[0]!.split('=')[1]!;
    const checkauth = (cookie: string) => app.request(`${SITE}/api/checkauth`, { headers: { cookie } });
    expect((await checkauth(`__Host-sid=${secret}`)).status).toBe(200);
    expect((await checkauth(`sid=${secret}`)).status).toBe(401);

    const logout = await app.request(`${SITE}/api/logout`, { method: 'POST', headers: { origin: SITE, cookie: `__Host-sid=${secret}` } });
    const cleared = logout.headers.getSetCookie().join('\n');
    expect(cleared).toMatch(/^__Host-sid=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/m);
    expect((await checkauth(`__Host-sid=${secret}`)).status).toBe(401);
  });

  it('the contact form sets __Host-sid over https too', async () => {
    const body = new URLSearchParams({ email: 'secure.cookie@example.com', phone: '2065550144', firstname: 'Sam', lastname: 'Secure' });
    const response = await httpsApp().request(`${SITE}/api/customers`, { method: 'POST', body, headers: { origin: SITE } });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie().at(-1)).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};.*Secure/);
  });

  it('is plain sid without Secure when the site is http (the local demo), whatever the proxy says', async () => {
    const set = (await loginCookies(ctx().app, 'http://localhost:4321', 'http://localhost:4321', { 'x-forwarded-proto': 'https' })).at(-1)!;
    expect(set).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(set.toLowerCase()).not.toContain('secure');
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
  });
});
