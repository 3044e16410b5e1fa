// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PhotoStore, photoVersion } from '../../../server/photo-store/store.ts';
import { createSiteApp } from '../../../server/site.ts';
import { cacheControl, resolveFile } from '../../../server/static.ts';
import { isDashboardPath } from '../../../src/config/dashboard-routes.ts';
import { semesterEnd, weeklyOccurrences } from '../../../server/domain/booking/availability.ts';

let root: string;
/**
 * The uploaded photos, as the photo store hands them over (its adapters have their own tests in
 * tests/api/photos.test.ts): what is asked here is the site's order of uploads, seeds, placeholder.
 */
const uploaded = new Map([1, 2].map((id) => [id, Buffer.from(id === 1 ? 'uploaded-photo' : 'uploaded-2')]));
const photos: PhotoStore = {
  where: 'this test',
  save: async () => {},
  version: async (id) => (uploaded.has(id) ? photoVersion(uploaded.get(id)!) : undefined),
  read: async (id) => (uploaded.has(id) ? { version: photoVersion(uploaded.get(id)!), jpeg: uploaded.get(id)! } : undefined),
  tutorIds: async () => [...uploaded.keys()],
};
/** An inline script like the island loaders Astro writes into the pages. */
const ISLAND_LOADER = '(()=>{window.dispatchEvent(new Event("astro:load"));})();';
const LOADER_HASH = `'sha256-${createHash('sha256').update(ISLAND_LOADER).digest('base64')}'`;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(root, '_astro'));
  await mkdir(path.join(root, 'app-shell'));
  await mkdir(path.join(root, 'terms'));
  await mkdir(path.join(root, 'tutor_images'));
  await writeFile(path.join(root, 'index.html'), `<h1>home</h1><script>${ISLAND_LOADER}</script><script type="module" src="/_astro/app.abc123.js"></script>`);
  await writeFile(path.join(root, 'terms', 'index.html'), '<h1>terms</h1>');
  await writeFile(path.join(root, 'app-shell', 'index.html'), '<h1>shell</h1>');
  await writeFile(path.join(root, '404.html'), '<h1>missing</h1>');
  const js = 'console.log("hello")'.repeat(50);
  await writeFile(path.join(root, '_astro', 'app.abc123.js'), js);
  await writeFile(path.join(root, '_astro', 'app.abc123.js.br'), brotliCompressSync(js));
  await writeFile(path.join(root, '_astro', 'app.abc123.js.gz'), gzipSync(js));
  await writeFile(path.join(root, 'tutor_images', '1.jpg'), 'seed-photo');
  await writeFile(path.join(root, 'tutor_images', 'placeholder.jpg'), 'placeholder');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function site(options: { hsts?: boolean } = {}) {
  const api = new Hono();
  api.get('/api/ping', (c) => c.json({ status: 'success', data: 'pong' }));
  return createSiteApp({ api, distDir: root, photos, ...options });
}

describe('production site', () => {
  it('sends the security headers on every HTML answer: pages, the dashboard shell, the 404 page', async () => {
    for (const [address, status] of [['/', 200], ['/terms', 200], ['/tutors/myself/dashboard/availability', 200], ['/nope', 404]] as const) {
      const response = await site().request(address);
      expect(response.status, address).toBe(status);
      expect(response.headers.get('content-type'), address).toContain('text/html');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'", "img-src 'self' data:"]) {
        expect(csp, `${address}: ${directive}`).toContain(directive);
      }
      expect(csp).toContain(`script-src 'self' ${LOADER_HASH} https://js.stripe.com https://*.js.stripe.com;`);
      expect(csp).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers.get('x-content-type-options'), address).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), address).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security'), address).toBeNull();
    }
  });

  it('sends nosniff on assets and photos, and HSTS on everything in production', async () => {
    for (const address of ['/_astro/app.abc123.js', '/tutor_images/1.jpg', '/tutor_images/77.jpg', '/api/ping']) {
      const response = await site({ hsts: true }).request(address);
      expect(response.status, address).toBe(200);
      expect(response.headers.get('x-content-type-options'), address).toBe('nosniff');
      expect(response.headers.get('strict-transport-security'), address).toBe('max-age=63072000; includeSubDomains');
      expect(response.headers.get('content-security-policy'), address).toBeNull();
    }
  });

  it('sends the same policy with the live home page', async () => {
    const app = createSiteApp({ api: new Hono(), distDir: root, photos, galleryTutors: async () => [] });
    const response = await app.request('/');
    expect(await response.text()).toContain('<h1>home</h1>');
    expect(response.headers.get('content-security-policy')).toContain(LOADER_HASH);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves HTML with no-cache, and directory pages without a trailing slash', async () => {
    const response = await site().request('/terms');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<h1>terms</h1>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets precompressed with long-lived caching', async () => {
    const br = await site().request('/_astro/app.abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    const gz = await site().request('/_astro/app.abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await site().request('/_astro/app.abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('console.log');
  });

  it('rewrites dashboard deep links to the app shell', async () => {
    for (const p of ['/student/dashboard', '/student/dashboard/', '/student/dashboard/grades/42', '/tutors/myself/dashboard', '/tutors/17/dashboard/gradebooks/5']) {
      const response = await site().request(p);
      expect(response.status, p).toBe(200);
      expect(await response.text()).toBe('<h1>shell</h1>');
    }
  });

  it('answers unknown pages with the 404 page and refuses path traversal', async () => {
    for (const p of ['/nope', '/tutors/1/dashboardx', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A']) {
      const response = await site().request(p);
      expect(response.status, p).toBe(404);
    }
  });

  it('serves uploaded photos first, then seed photos, then the placeholder', async () => {
    expect(await (await site().request('/tutor_images/1.jpg')).text()).toBe('uploaded-photo');
    expect(await (await site().request('/tutor_images/2.jpg')).text()).toBe('uploaded-2');
    const missing = await site().request('/tutor_images/77.jpg');
    expect(await missing.text()).toBe('placeholder');
    expect(missing.headers.get('content-type')).toBe('image/jpeg');
    // The gallery asks for no placeholder: it shows the tutor's initials instead.
    expect((await site().request('/tutor_images/77.jpg?fallback=none')).status).toBe(404);
    expect(await (await site().request('/tutor_images/2.jpg?fallback=none')).text()).toBe('uploaded-2');
  });

  it('mounts the API', async () => {
    expect(await (await site().request('/api/ping')).json()).toEqual({ status: 'success', data: 'pong' });
  });
});

describe('static helpers', () => {
  it('recognises dashboard paths', () => {
    expect(isDashboardPath('/student/dashboard/history')).toBe(true);
    expect(isDashboardPath('/tutors/myself/dashboard/all-gradebooks')).toBe(true);
    expect(isDashboardPath('/tutors/dashboard')).toBe(false);
    expect(isDashboardPath('/student/dashboards')).toBe(false);
  });

  it('chooses cache headers by kind of file', () => {
    expect(cacheControl('/_astro/x.js')).toContain('immutable');
    expect(cacheControl('/index.html')).toBe('no-cache');
    expect(cacheControl('/favicon.svg')).toBe('public, max-age=3600');
  });

  it('never resolves outside the root', async () => {
    expect(await resolveFile(root, '/../../etc/passwd')).toBeUndefined();
    expect(await resolveFile(root, '/%2e%2e%2f%2e%2e%2fetc%2fpasswd')).toBeUndefined();
    expect(await resolveFile(root, '/index.html\0')).toBeUndefined();
  });
});

describe('weekly availability', () => {
  it('repeats every 7 days from the anchor through the last day', () => {
    const anchor = new Date('2026-11-23T17:00:00Z');
    const times = weeklyOccurrences(anchor, new Date('2026-12-14T17:00:00Z'), 'America/Los_Angeles');
    expect(times.map((t) => t.toISOString())).toEqual([
      '2026-11-23T17:00:00.000Z',
      '2026-11-30T17:00:00.000Z',
      '2026-12-07T17:00:00.000Z',
      '2026-12-14T17:00:00.000Z',
    ]);
    expect(weeklyOccurrences(anchor, new Date('2026-11-22T00:00:00Z'))).toEqual([]);
  });

  it('keeps the wall-clock time in the site zone across both daylight-saving changes', () => {
    // 6 PM Pacific on Monday 2027-03-08 (PST, UTC-8); DST starts on Sunday 2027-03-14.
    const spring = weeklyOccurrences(new Date('2027-03-09T02:00:00Z'), new Date('2027-03-23T00:00:00Z'), 'America/Los_Angeles');
    expect(spring.map((t) => t.toISOString())).toEqual(['2027-03-09T02:00:00.000Z', '2027-03-16T01:00:00.000Z']);
    // 6 PM Pacific on Monday 2026-10-26 (PDT, UTC-7); DST ends on Sunday 2026-11-01.
    const autumn = weeklyOccurrences(new Date('2026-10-27T01:00:00Z'), new Date('2026-11-10T00:00:00Z'), 'America/Los_Angeles');
    expect(autumn.map((t) => t.toISOString())).toEqual(['2026-10-27T01:00:00.000Z', '2026-11-03T02:00:00.000Z']);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', weekday: 'short' });
    expect(new Set([...spring, ...autumn].map((t) => local.format(t)))).toEqual(new Set(['Mon 6 PM']));
  });

  it('ends the semester at the end of its last reading day in the site zone', () => {
    expect(semesterEnd('2027-06-11', 'America/Los_Angeles').toISOString()).toBe('2027-06-12T06:59:59.000Z');
    expect(semesterEnd('2027-01-15', 'UTC').toISOString()).toBe('2027-01-15T23:59:59.000Z');
    expect(() => semesterEnd('June')).toThrow();
  });
});
