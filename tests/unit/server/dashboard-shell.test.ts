// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardShell, FIRST_READ_WAIT_MS, FIRST_READS_BLOCK, firstReadsOf } from '../../../server/dashboard-shell.ts';

let dir: string;
let shellFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shell-'));
  shellFile = path.join(dir, 'index.html');
  await writeFile(shellFile, `<html><body>${FIRST_READS_BLOCK}<script>start()</script></body></html>`);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** An API that answers as the real one does: by the session cookie. */
function api() {
  const app = new Hono();
  app.get('/api/customers/myself', (c) =>
    c.req.header('cookie') === 'sid=alex'
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

function serve(address: string, headers: Record<string, string> = {}) {
  const app = new Hono();
  app.get('*', dashboardShell({ shellFile, api: api() }));
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
    // Only an id or 'myself' goes into the API's address (%5C reads as a backslash, then a slash).
    for (const address of ['/tutors/..%5C..%5Cdev%5Coutbox.json/dashboard', '/tutors/a.b/dashboard', '/tutors/%2e%2e/dashboard']) {
      expect(firstReadsOf(address), address).toEqual([]);
    }
  });

  it("writes the signed-in person's answers into the page, escaped, and leaves out a read that failed", async () => {
    const response = await serve('/student/dashboard', { cookie: 'sid=alex' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('</script><!--');
    expect(answersIn(html)).toEqual({
      '/api/customers/myself': [200, { status: 'success', data: { firstname: "Alex $' $& $$", bio: '</script><!-- hi' } }],
      '/api/customers/myself/gradebooks': [200, { status: 'success', data: [] }],
    });
    expect(html).toContain('<script>start()</script>');
    // Personal data: not stored by any cache; the API's cookies go on to the browser.
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBe('sid=alex; Path=/; HttpOnly');
  });

  it("writes a refusal as it is, so the page shows what it would have fetched", async () => {
    const html = await (await serve('/student/dashboard/history')).text();
    expect(answersIn(html)['/api/customers/myself']).toEqual([401, { status: 'failure', error: { type: 'NotLoggedIn' } }]);
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
