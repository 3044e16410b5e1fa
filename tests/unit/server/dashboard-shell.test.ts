// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../../server/clock.ts';
import { dashboardShell, fillMark, FIRST_READ_WAIT_MS, firstReadsOf, hasMarks, isDashboardRoute, viewerZone } from '../../../server/dashboard-shell.ts';
import { site } from '../../../src/config/site.ts';

let dir: string;
let shellFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shell-'));
  shellFile = path.join(dir, 'index.html');
  await writeFile(shellFile, `<html><body>${READS}${LOADING}<script>start()</script></body></html>`);
  // A server render that writes what it was given, and one that fails.
  await writeFile(path.join(dir, 'echo.mjs'), 'export const renderDashboard = (input) => `<main>${JSON.stringify(input)}</main>`;');
  await writeFile(path.join(dir, 'broken.mjs'), 'export const renderDashboard = () => { throw new Error("window is not defined"); };');
});

// The shell's two places, as the build writes them (src/pages/app-shell.astro), attributes and all.
const READS = '<!--first-reads--><script type="application/json" id="first-reads" data-astro-x>{}</script><!--/first-reads-->';
const LOADING = '<div id="dashboard" class="dashboard-root" data-astro-cid-1><!--first-screen--><p class="shell-loading">Loading your dashboard…</p><!--/first-screen--></div>';

afterAll(() => rm(dir, { recursive: true, force: true }));

/** An API that answers as the real one does: by the session cookie. */
function api() {
  const app = new Hono();
  app.get('/api/customers/myself', (c) =>
    (c.req.header('cookie') ?? '').split(/;\s*/).includes('sid=alex')
      ? c.json({ status: 'success', data: { firstname: "Alex $' $& $$", bio: '</script><!-- hi' } })
      : c.json({ status: 'failure', error: { type: 'NotLoggedIn' } }, 401),
  );
  app.get('/api/customers/myself/gradebooks', (c) => {
    c.header('set-cookie', 'sid=alex; Path=/; HttpOnly');
    return c.json({ status: 'success', data: [] });
  });
  app.get('/api/customers/myself/payments', (c) => c.text('Bad gateway', 502));
  app.get('/api/checkauth', (c) => c.json({ status: 'failure', error: { type: 'DBError' } }, 500));
  app.get('/api/tutors/:id', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS + 200));
    return c.json({ status: 'success', data: { id: c.req.param('id') } });
  });
  return app;
}

function serve(address: string, headers: Record<string, string> = {}, render?: { file: string; log: string[] }) {
  const app = new Hono();
  app.get('*', dashboardShell({ shellFile, api: api(), renderFile: render?.file, log: (line) => render?.log.push(line) }));
  return app.request(address, { headers });
}

/** The answers the page's script will read, from the data block. */
function answersIn(html: string): Record<string, [number, unknown]> {
  const match = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match![1]!);
}

describe("the dashboard shell's first reads", () => {
  it('names the reads of each dashboard address', () => {
    expect(firstReadsOf('/student/dashboard')).toEqual(['/api/customers/myself', '/api/customers/myself/gradebooks', '/api/customers/myself/payments']);
    expect(firstReadsOf('/student/dashboard/gradebooks/4')).toEqual(['/api/customers/myself', '/api/customers/myself/gradebooks']);
    expect(firstReadsOf('/tutors/myself/dashboard/')).toEqual(['/api/checkauth', '/api/tutors/myself', '/api/tutors/myself/meetings']);
    expect(firstReadsOf('/tutors/7/dashboard/team')).toEqual(['/api/checkauth', '/api/tutors/7']);
    // The week view reads this week's span in the page's zone (Wednesday 25 November 2026, 11 PM in
    // Los Angeles: the week of Monday the 23rd), at the address the page asks for; the list its first
    // eight weeks; Work History the whole calendar.
    const moment = { nowMs: Date.parse('2026-11-26T07:00:00Z'), zone: 'America/Los_Angeles' };
    const week = `/api/tutors/myself/meetings?from=${Date.parse('2026-11-23T08:00:00Z') / 1000}&to=${Date.parse('2026-11-30T08:00:00Z') / 1000}`;
    expect(firstReadsOf('/tutors/myself/dashboard', { meetingsView: 'week', moment })).toEqual(['/api/checkauth', '/api/tutors/myself', week]);
    expect(firstReadsOf('/tutors/myself/dashboard/availability', { meetingsView: 'week', moment })[2]).toBe(week);
    expect(firstReadsOf('/tutors/myself/dashboard/history', { meetingsView: 'week', moment })[2]).toBe('/api/tutors/myself/meetings');
    expect(firstReadsOf('/tutors/myself/dashboard/availability', { meetingsView: 'list', moment })[2]).toBe(
      `/api/tutors/myself/meetings?from=${Date.parse('2026-11-23T08:00:00Z') / 1000}&to=${Date.parse('2027-01-18T08:00:00Z') / 1000}`,
    );
    // Only an id or 'myself' goes into the API's address (%5C reads as a backslash, then a slash).
    for (const address of ['/tutors/..%5C..%5Cdev%5Coutbox.json/dashboard', '/tutors/a.b/dashboard', '/tutors/%2e%2e/dashboard']) {
      expect(firstReadsOf(address), address).toEqual([]);
    }
  });

  it("writes the signed-in person's answers into the page, escaped, and leaves out a read that failed", async () => {
    const response = await serve('/student/dashboard', { cookie: 'sid=alex' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('</script><!-- hi');
    expect(answersIn(html)).toEqual({
      '/api/customers/myself': [200, { status: 'success', data: { firstname: "Alex $' $& $$", bio: '</script><!-- hi' } }],
      '/api/customers/myself/gradebooks': [200, { status: 'success', data: [] }],
    });
    expect(html).toContain('<script>start()</script>');
    // Personal data: not stored by any cache; the API's cookies go on to the browser.
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBe('sid=alex; Path=/; HttpOnly');
  });

  it('sends a signed-out visit home to sign in, to come back to the address after', async () => {
    const response = await serve('/student/dashboard/history');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?next=%2Fstudent%2Fdashboard%2Fhistory');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // An address that is no dashboard route shows the not-found view, signed in or not.
    expect((await serve('/student/dashboard/no-such-screen')).status).toBe(200);
    expect(isDashboardRoute('/tutors/myself/dashboard/gradebooks/12')).toBe(true);
    expect(isDashboardRoute('/tutors/myself/dashboard/no-such-screen')).toBe(false);
  });

  it('leaves out a server failure and a read that takes too long: the page fetches them', async () => {
    const started = Date.now();
    const html = await (await serve('/tutors/myself/dashboard/team', { cookie: 'sid=alex' })).text();
    expect(answersIn(html)).toEqual({});
    expect(Date.now() - started).toBeLessThan(FIRST_READ_WAIT_MS + 150);
  });

  it('compresses the page for a browser that accepts it', async () => {
    const response = await serve('/student/dashboard', { cookie: 'sid=alex', 'accept-encoding': 'gzip, br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(answersIn(html)['/api/customers/myself']![0]).toBe(200);
  });
});

describe("the dashboard shell's server render", () => {
  afterEach(() => resetClock());

  it('puts the first screen into the dashboard root, rendered from the answers, the path, the clock and the zone the browser named', async () => {
    setClock(new Date('2026-11-24T18:00:00Z'));
    const log: string[] = [];
    const html = await (await serve('/student/dashboard', { cookie: 'sid=alex; tz=America/New_York' }, { file: path.join(dir, 'echo.mjs'), log })).text();
    const root = /<div id="dashboard" class="dashboard-root" data-astro-cid-1><!--first-screen--><main>(.*?)<\/main><!--\/first-screen--><\/div>/.exec(html);
    expect(root, html).not.toBeNull();
    // The server's clock (set above, and running since), in the moment's data block beside the answers.
    const block = /<script type="application\/json" id="first-moment">(.*?)<\/script><!--\/first-reads-->/.exec(html);
    const moment = JSON.parse(block![1]!) as { nowMs: number; zone: string };
    expect(moment.zone).toBe('America/New_York');
    expect(moment.nowMs - Date.parse('2026-11-24T18:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(moment.nowMs - Date.parse('2026-11-24T18:00:00Z')).toBeLessThan(1_000);
    const input = JSON.parse(root![1]!);
    expect(input).toMatchObject({ path: '/student/dashboard', moment });
    expect(Object.keys(input.answers)).toEqual(Object.keys(answersIn(html)));
    expect(html).not.toContain('Loading your dashboard…');
    expect(log).toEqual([]);
  });

  it('leaves the page for the browser to render when the render fails or its file is missing, and says so', async () => {
    const log: string[] = [];
    const broken = await (await serve('/student/dashboard', { cookie: 'sid=alex' }, { file: path.join(dir, 'broken.mjs'), log })).text();
    expect(broken).toContain(LOADING);
    expect(broken).not.toContain('first-moment');
    expect(log).toEqual(["dashboard page rendered in the browser: the server's render failed (window is not defined)"]);
    const missing = await (await serve('/student/dashboard', { cookie: 'sid=alex' }, { file: path.join(dir, 'missing.mjs'), log: [] })).text();
    expect(missing).toContain(LOADING);
    expect(answersIn(missing)['/api/customers/myself']![0]).toBe(200);
  });

  it('fills only between its marks, whatever the build wrote there, and knows a page without them', () => {
    const page = '<a><!--x-->old <b>stuff</b><!--/x--></a>';
    expect(fillMark(page, 'x', '$& $\' new')).toBe("<a><!--x-->$& $' new<!--/x--></a>");
    expect(fillMark(page, 'y', 'new')).toBe(page);
    expect(fillMark('<!--/x--><!--x-->', 'x', 'new')).toBe('<!--/x--><!--x-->');
    expect(hasMarks(`${READS}${LOADING}`)).toBe(true);
    expect(hasMarks(LOADING)).toBe(false);
  });

  it("writes times in the zone of the browser's cookie when Intl knows it, else in the campus's", () => {
    expect(viewerZone('America/New_York')).toBe('America/New_York');
    expect(viewerZone('UTC')).toBe('UTC');
    for (const cookie of [undefined, '', 'Mars/Olympus', '"><script>', 'a'.repeat(65), 'America/New York']) {
      expect(viewerZone(cookie), String(cookie)).toBe(site.timeZone);
    }
  });
});
