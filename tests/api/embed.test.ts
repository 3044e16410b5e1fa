import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock, now } from '../../server/clock.ts';
import { openDatabase } from '../../server/start/database.ts';
import { DataChanges } from '../../server/cache/data-changes.ts';
import { EMBED_ORIGINS_TTL_MS, embedOriginsCache } from '../../server/cache/embed-origins.ts';
import { listEmbedOrigins, replaceEmbedOrigins } from '../../server/domain/catalog/embed-origins.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { createSiteApp } from '../../server/site.ts';
import { EMBED_ORIGINS_MAX } from '../../src/contract/limits.ts';
import { errorMessage } from '../../src/lib/error-messages.ts';
import { form, newCustomer } from './booking-helpers.ts';
import { call, describeApi, fastSignIn, type TestClient } from './harness.ts';
import { jordan, maya, pinClock } from './tutor-helpers.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

const EMBED = { 'x-booking-embed': '1' };

const putOrigins = (client: TestClient, origins: unknown) =>
  call(client, '/api/embed/origins', { method: 'PUT', body: JSON.stringify({ origins }), headers: { 'content-type': 'application/json' } });

/** A built site in a temporary folder: an embed page, another page and the widget's script (with its gzip twin). */
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'embed-dist-'));
  await mkdir(path.join(distDir, 'embed', 'booking'), { recursive: true });
  await mkdir(path.join(distDir, 'terms'));
  await writeFile(path.join(distDir, 'embed', 'booking', 'index.html'), '<h1>booking widget</h1>');
  await writeFile(path.join(distDir, 'terms', 'index.html'), '<h1>terms</h1>');
  await writeFile(path.join(distDir, 'embed.js'), 'console.log("widget");');
  await writeFile(path.join(distDir, 'embed.js.gz'), gzipSync('console.log("widget");'));
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

describeApi('the sites allowed to embed the booking widget', (ctx) => {
  beforeEach(async () => {
    await ctx().database.db.deleteFrom('embed_origins').execute();
  });

  it('a supervisor reads and replaces the list, normalised, merged and sorted; who added each is kept', async () => {
    const lead = await maya(ctx());
    expect(await call(lead.client, '/api/embed/origins')).toEqual({ status: 200, body: { status: 'success', data: { origins: [] } } });
    const put = await putOrigins(lead.client, ['https://Club.Example.com/', '  http://localhost:4000 ', 'HTTPS://club.example.com:443', 'https://a.example:8443', '']);
    expect(put).toEqual({ status: 200, body: { status: 'success', data: { origins: ['http://localhost:4000', 'https://a.example:8443', 'https://club.example.com'] } } });
    expect((await call(lead.client, '/api/embed/origins')).body.data.origins).toEqual(['http://localhost:4000', 'https://a.example:8443', 'https://club.example.com']);
    const rows = await ctx().database.db.selectFrom('embed_origins').select(['origin', 'added_by']).orderBy('origin').execute();
    expect(rows.map((row) => row.added_by)).toEqual([lead.id, lead.id, lead.id]);

    // A replacement keeps the rows of the origins it keeps, and drops the others.
    const kept = await ctx().database.db.selectFrom('embed_origins').select('added_at').where('origin', '=', 'https://club.example.com').executeTakeFirstOrThrow();
    advanceClock(60_000);
    expect((await putOrigins(lead.client, ['https://club.example.com'])).body.data.origins).toEqual(['https://club.example.com']);
    const after = await ctx().database.db.selectFrom('embed_origins').select(['origin', 'added_at']).execute();
    expect(after).toEqual([{ origin: 'https://club.example.com', added_at: kept.added_at }]);

    expect((await putOrigins(lead.client, [])).body.data.origins).toEqual([]);
    expect(await listEmbedOrigins(ctx().database.db)).toEqual([]);
  });

  it('takes a form with one origin per line, as the other supervisor calls take forms', async () => {
    const lead = await maya(ctx());
    const put = await call(lead.client, '/api/embed/origins', { method: 'PUT', body: form({ origins: 'https://b.example\r\n\r\nhttps://A.example/\nhttps://b.example' }) });
    expect(put.body.data.origins).toEqual(['https://a.example', 'https://b.example']);
    const urlencoded = await call(lead.client, '/api/embed/origins', { method: 'PUT', body: new URLSearchParams({ origins: 'http://127.0.0.1:4000' }) });
    expect(urlencoded.body.data.origins).toEqual(['http://127.0.0.1:4000']);
  });

  it('refuses an invalid entry with BadEmbedOrigin naming it as typed, and changes nothing', async () => {
    const lead = await maya(ctx());
    await putOrigins(lead.client, ['https://kept.example']);
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://site${i}.example`);
    for (const [origins, origin] of [
      [['https://ok.example', 'https://club.example/booking'], 'https://club.example/booking'],
      [['https://*.club.example'], 'https://*.club.example'],
      [['ftp://club.example'], 'ftp://club.example'],
      [[' garbage '], 'garbage'],
      [['club.example'], 'club.example'],
      [['https://club.example?x=1'], 'https://club.example?x=1'],
      [['https://user@club.example'], 'https://user@club.example'],
      [['https://a;script-src *.example'], 'https://a;script-src *.example'],
    ] as const) {
      const refused = await putOrigins(lead.client, origins);
      expect(refused, origin).toEqual({ status: 400, body: { status: 'failure', error: { type: 'BadEmbedOrigin', origin } } });
      expect(errorMessage(refused.body.error)).toContain(`"${origin}" is not a site address`);
    }
    const tooMany = await putOrigins(lead.client, many);
    expect(tooMany).toEqual({ status: 400, body: { status: 'failure', error: { type: 'BadEmbedOrigin', origin: `https://site${EMBED_ORIGINS_MAX}.example`, max: EMBED_ORIGINS_MAX } } });
    expect(errorMessage(tooMany.body.error)).toContain(`At most ${EMBED_ORIGINS_MAX} sites`);
    // Fifty, with a duplicate, are taken.
    expect((await putOrigins(lead.client, [...many.slice(0, EMBED_ORIGINS_MAX), many[0]])).body.data.origins).toHaveLength(EMBED_ORIGINS_MAX);
    await putOrigins(lead.client, ['https://kept.example']);

    // Not the list's shape: BadInput.
    for (const body of [{ origins: 'x'.repeat(70_000) }, { origins: [1] }, { nothing: [] }, ['https://a.example'], 'just text']) {
      const refused = await call(lead.client, '/api/embed/origins', { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.body.error.type).toBe('BadInput');
    }
    const malformed = await call(lead.client, '/api/embed/origins', { method: 'PUT', body: '{"origins": [', headers: { 'content-type': 'application/json' } });
    expect(malformed.body.error.type).toBe('BadInput');
    expect((await call(lead.client, '/api/embed/origins')).body.data.origins).toEqual(['https://kept.example']);
  });

  it('is a supervisor\'s only: 403 for a tutor and a customer, 401 signed out; a cross-site write is refused', async () => {
    const lead = await maya(ctx());
    await putOrigins(lead.client, ['https://kept.example']);
    const tutor = await jordan(ctx());
    const customer = await newCustomer(ctx());
    for (const client of [tutor.client, customer.client]) {
      expect(await call(client, '/api/embed/origins')).toEqual({ status: 403, body: { status: 'failure', error: { type: 'NotAuthorized' } } });
      expect((await putOrigins(client, ['https://evil.example'])).status).toBe(403);
    }
    expect((await call(ctx().client(), '/api/embed/origins')).status).toBe(401);
    expect((await putOrigins(ctx().client(), ['https://evil.example'])).body.error.type).toBe('NoAuth');
    const crossSite = await call(lead.client, '/api/embed/origins', { method: 'PUT', body: JSON.stringify({ origins: [] }), headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
    expect(crossSite.body.error.type).toBe('BadOrigin');
    expect(await listEmbedOrigins(ctx().database.db)).toEqual(['https://kept.example']);
  });

  /** The production site over this suite's API and the temporary build, with the list from memory heard of through `changes`. */
  function site(changes: DataChanges) {
    const embedOrigins = embedOriginsCache({ read: () => listEmbedOrigins(ctx().database.db), changes, log: () => {} });
    return createSiteApp({ api: ctx().app, distDir, photos: ctx().photos, embedOrigins });
  }

  async function framing(app: ReturnType<typeof createSiteApp>, page: string) {
    const response = await app.request(`http://localhost:4321${page}`);
    expect(response.status, page).toBe(200);
    expect(response.headers.get('content-type'), page).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xFrameOptions: response.headers.get('x-frame-options'), csp };
  }

  it("the embed page may be framed by the listed sites (and our own pages), every other page by none; this instance follows a change at once", async () => {
    const app = site(ctx().database.changes);
    expect(await framing(app, '/embed/booking')).toMatchObject({ ancestors: "'self'", xFrameOptions: null });
    expect(await framing(app, '/terms')).toMatchObject({ ancestors: "'none'", xFrameOptions: 'DENY' });

    const lead = await maya(ctx());
    await putOrigins(lead.client, ['http://127.0.0.1:4000', 'https://club.example']);
    const embed = await framing(app, '/embed/booking');
    expect(embed).toMatchObject({ ancestors: "'self' http://127.0.0.1:4000 https://club.example", xFrameOptions: null });
    // The rest of the policy is the other pages'.
    expect(embed.csp).toBe((await framing(app, '/terms')).csp.replace("frame-ancestors 'none'", "frame-ancestors 'self' http://127.0.0.1:4000 https://club.example"));
    expect(await framing(app, '/terms')).toMatchObject({ ancestors: "'none'", xFrameOptions: 'DENY' });
    expect(await framing(app, '/embed/%2e%2e/terms')).toMatchObject({ ancestors: "'none'", xFrameOptions: 'DENY' });

    await putOrigins(lead.client, []);
    expect((await framing(app, '/embed/booking')).ancestors).toBe("'self'");
  });

  it('another instance, which has not heard of the change, follows it within the TTL (30 s)', async () => {
    const lead = await maya(ctx());
    await putOrigins(lead.client, ['https://old.example']);
    const deaf = site(new DataChanges());
    expect((await framing(deaf, '/embed/booking')).ancestors).toBe("'self' https://old.example");
    await putOrigins(lead.client, ['https://new.example']);
    advanceClock(EMBED_ORIGINS_TTL_MS - 1000);
    expect((await framing(deaf, '/embed/booking')).ancestors).toBe("'self' https://old.example");
    advanceClock(1000);
    expect((await framing(deaf, '/embed/booking')).ancestors).toBe("'self' https://new.example");
  });

  it('another instance on the same PostgreSQL, which hears the change through the triggers, follows it within seconds', async (test) => {
    if (ctx().kind !== 'postgres') return test.skip('PGlite is one process: no other instance can share it');
    const app = site(ctx().database.changes);
    expect((await framing(app, '/embed/booking')).ancestors).toBe("'self'");
    const { schema } = await ctx()
      .database.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema'))
      .executeTakeFirstOrThrow();
    const other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, schema });
    try {
      await replaceEmbedOrigins(other.db, ['https://elsewhere.example'], (await maya(ctx())).id, now());
      const deadline = Date.now() + 3000;
      let ancestors = await framing(app, '/embed/booking');
      while (ancestors.ancestors === "'self'" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        ancestors = await framing(app, '/embed/booking');
      }
      expect(ancestors.ancestors).toBe("'self' https://elsewhere.example");
    } finally {
      await other.close();
    }
  });

  it('serves /embed.js cached for 5 minutes (its name has no hash), with its compressed twin', async () => {
    const app = site(ctx().database.changes);
    const gz = await app.request('http://localhost:4321/embed.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('cache-control')).toBe('public, max-age=300');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toContain('text/javascript');
    expect(gz.headers.get('content-security-policy')).toBeNull();
    expect((await app.request('http://localhost:4321/terms')).headers.get('cache-control')).toBe('no-cache');
  });
});

describeApi("the embed frame's session", (ctx) => {
  /** Signs `client` in through the booking contact form, as a new customer; answers the Set-Cookie lines. */
  async function contactForm(client: TestClient, headers: Record<string, string>) {
    const tag = Math.random().toString(36).slice(2, 9);
    const fields = { email: `frame.${tag}@example.com`, phone: `206${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, firstname: 'Fran', lastname: 'Frame' };
    const response = await client.fetch('/api/customers', { method: 'POST', body: form(fields), headers });
    expect(response.status).toBe(201);
    return response.headers.getSetCookie();
  }

  const signedIn = async (client: TestClient, headers: Record<string, string> = {}) => (await call(client, '/api/checkauth', { headers })).status === 200;

  it('a customer made in the frame gets the separate partitioned cookie, which signs in the frame\'s requests only', async () => {
    const frame = ctx().client();
    const set = await contactForm(frame, EMBED);
    // The form signs out whoever was signed in first: in the frame's cookie too.
    expect(set).toEqual(['esid=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=None; Partitioned', expect.stringMatching(/^esid=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/)]);
    expect([...frame.cookies.keys()]).toEqual(['esid']);
    expect(await signedIn(frame, EMBED)).toBe(true);
    // The same cookie without the header signs nothing in.
    expect(await signedIn(frame)).toBe(false);

    // The first-party cookie with the header signs nothing in either.
    const site = await newCustomer(ctx());
    expect(await signedIn(site.client)).toBe(true);
    expect(await signedIn(site.client, EMBED)).toBe(false);
    // A header other than 1 is not the frame's.
    expect(await signedIn(site.client, { 'x-booking-embed': 'yes' })).toBe(true);
  });

  it("without the header the contact form sets today's first-party cookie, unchanged", async () => {
    const set = await contactForm(ctx().client(), {});
    expect(set).toEqual(['sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax', expect.stringMatching(/^sid=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/)]);
  });

  it("signing out in the frame ends the frame's session and clears its cookie only", async () => {
    const person = await newCustomer(ctx());
    await contactForm(person.client, EMBED);
    expect(await signedIn(person.client, EMBED)).toBe(true);
    const logout = await person.client.fetch('/api/logout', { method: 'POST', headers: EMBED });
    expect(logout.headers.getSetCookie()).toEqual(['esid=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=None; Partitioned']);
    expect(await signedIn(person.client, EMBED)).toBe(false);
    expect(await signedIn(person.client)).toBe(true);
  });

  it('a texted code checked in the frame signs in with the frame\'s cookie', async () => {
    await ctx().database.db.deleteFrom('verification_codes').execute();
    await ctx().database.db.deleteFrom('rate_limits').execute();
    const frame = ctx().client();
    const asked = await call(frame, '/api/verification', { method: 'POST', body: form({ email: demoAccounts.customer.email }), headers: EMBED });
    expect(asked.status).toBe(201);
    const sms = await ctx().database.db.selectFrom('outbox').select('text').where('channel', '=', 'sms').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = sms.text.match(/\d{7}/)![0];
    const checked = await frame.fetch(`/api/verification?code_id=${asked.body.data.code_id}&code=${code}`, { headers: EMBED });
    expect(checked.status).toBe(200);
    expect(checked.headers.getSetCookie().at(-1)).toMatch(/^esid=[A-Za-z0-9_-]{43};.*; Secure; SameSite=None; Partitioned$/);
    expect(frame.cookies.has('sid')).toBe(false);
    expect((await call(frame, '/api/checkauth', { headers: EMBED })).body.data.customer.firstname).toBe('Alex');
    expect(await signedIn(frame)).toBe(false);
  });

  it('a login link opened in the frame signs in the frame; opened in a tab (no header), the site as usual', async () => {
    const frame = ctx().client();
    await call(frame, `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST', headers: EMBED });
    const link = async () => (await ctx().database.db.selectFrom('outbox').select('link').where('channel', '=', 'email').orderBy('id', 'desc').executeTakeFirstOrThrow()).link!;
    const inFrame = await frame.fetch(`/api/login?token=${new URL(await link()).searchParams.get('token')}`, { headers: EMBED });
    expect(inFrame.headers.getSetCookie().at(-1)).toMatch(/^esid=.*; SameSite=None; Partitioned$/);

    const tab = ctx().client();
    await call(tab, `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST', headers: EMBED });
    const inTab = await tab.fetch(`/api/login?token=${new URL(await link()).searchParams.get('token')}`);
    expect(inTab.headers.getSetCookie().at(-1)).toMatch(/^sid=.*; SameSite=Lax$/);
  });

  it('an account made in the frame is unproven, as one made on our home page: no code is texted for it, and its owner\'s link in a tab ends the frame\'s session', async () => {
    const tag = Math.random().toString(36).slice(2, 9);
    const email = `unproven.${tag}@example.com`;
    const frame = ctx().client();
    const fields = { email, phone: `206${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, firstname: 'Una', lastname: 'Proven' };
    expect((await frame.fetch('/api/customers', { method: 'POST', body: form(fields), headers: EMBED })).status).toBe(201);
    expect(await signedIn(frame, EMBED)).toBe(true);

    // Whoever typed the email (here, in a partner's page) gets no texted code for it.
    const asked = await call(ctx().client(), '/api/verification', { method: 'POST', body: form({ email }), headers: EMBED });
    expect(asked.body.error.type).toBe('UserNotFound');

    // The email's owner opens the link in a tab of our site: the frame's session is over.
    const tab = ctx().client();
    await call(tab, `/api/login?user_type=customer&email=${encodeURIComponent(email)}`, { method: 'POST' });
    const link = (await ctx().database.db.selectFrom('outbox').select('link').where('to', '=', email).where('channel', '=', 'email').orderBy('id', 'desc').executeTakeFirstOrThrow()).link!;
    expect((await tab.fetch(`/api/login?token=${new URL(link).searchParams.get('token')}`)).status).toBe(200);
    expect(await signedIn(tab)).toBe(true);
    expect(await signedIn(frame, EMBED)).toBe(false);
  });

  it('is __Host-esid when the site is https', async () => {
    const SITE = 'https://tutors.example';
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: SITE, logRequests: false }, log: () => {}, ...fastSignIn(ctx().database) });
    const body = form({ email: 'secure.frame@example.com', phone: '2065550177', firstname: 'Sec', lastname: 'Frame' });
    const response = await app.request(`${SITE}/api/customers`, { method: 'POST', body, headers: { origin: SITE, ...EMBED } });
    expect(response.status).toBe(201);
    const set = response.headers.getSetCookie().at(-1)!;
    expect(set).toMatch(/^__Host-esid=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
    const secret = set.split(';')[0]!.split('=')[1]!;
    const checkauth = (cookie: string, headers: Record<string, string> = EMBED) => app.request(`${SITE}/api/checkauth`, { headers: { cookie, ...headers } });
    expect((await checkauth(`__Host-esid=${secret}`)).status).toBe(200);
    expect((await checkauth(`esid=${secret}`)).status).toBe(401);
    expect((await checkauth(`__Host-esid=${secret}`, {})).status).toBe(401);
  });
});
