// @vitest-environment node
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../../server/clock.ts';
import { liveHomePage } from '../../../server/live-home.ts';
import { galleryHtml } from '../../../src/lib/gallery.ts';

afterEach(() => resetClock());

const tutor = (id: number, name: string, background = 'Tutors calculus') => ({ id, name, background });

describe('the gallery markup', () => {
  it('lists each tutor with the photo, name and bio, escaped', () => {
    const html = galleryHtml([tutor(3, 'Ana <b>Li</b>', 'Loves "proofs" & <script>alert(1)</script>')]);
    expect(html).toContain('<img src="/tutor_images/3.jpg?fallback=none"');
    expect(html).toContain('<h3>Ana &lt;b&gt;Li&lt;/b&gt;</h3>');
    expect(html).toContain('Loves &quot;proofs&quot; &amp; &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(galleryHtml([])).toContain('Our tutors will be introduced here soon.');
    // Initials under each photo, never a '?' for a tutor without one.
    expect(galleryHtml([tutor(4, 'Jordan  Alvarez', '')])).toContain('<span class="gallery-photo" data-initials="JA"><img src="/tutor_images/4.jpg?fallback=none"');
    expect(galleryHtml([tutor(5, 'Cher', '')])).toContain('data-initials="C"');
  });
});

describe('the live home page', () => {
  async function site(tutors: { current: ReturnType<typeof tutor>[] | Error }, reads: { count: number }) {
    const dir = await mkdtemp(path.join(tmpdir(), 'live-home-'));
    const indexFile = path.join(dir, 'index.html');
    await writeFile(indexFile, `<!doctype html><main><h2>Who we are</h2>${galleryHtml([tutor(1, 'Built Tutor')])}<p>after</p></main>`);
    const app = new Hono();
    const home = liveHomePage({
      indexFile,
      refreshMs: 30_000,
      galleryTutors: async () => {
        reads.count += 1;
        if (tutors.current instanceof Error) throw tutors.current;
        return tutors.current;
      },
      log: () => {},
    });
    app.get('/', home);
    return app;
  }

  it('swaps the current team into the built page, and follows a change within the refresh time', async () => {
    const tutors = { current: [tutor(1, 'Maya Chen'), tutor(2, 'Jordan Alvarez')] };
    const reads = { count: 0 };
    const app = await site(tutors, reads);
    const first = await (await app.request('/')).text();
    expect(first).toContain('<h3>Maya Chen</h3>');
    expect(first).toContain('<h3>Jordan Alvarez</h3>');
    expect(first).not.toContain('Built Tutor');
    expect(first).toMatch(/<h2>Who we are<\/h2><div id="tutor-gallery">.*<\/div><p>after<\/p><\/main>$/);

    tutors.current = [tutor(1, 'Maya Chen'), tutor(4, 'Casey Hire')];
    expect(await (await app.request('/')).text()).not.toContain('Casey Hire');
    advanceClock(31_000);
    const later = await (await app.request('/')).text();
    expect(later).toContain('<h3>Casey Hire</h3>');
    expect(later).not.toContain('Jordan Alvarez');
    expect(reads.count).toBe(2);
  });

  it('reads the team again when the demo clock is put back (the last read is then in the future)', async () => {
    const tutors = { current: [tutor(1, 'Maya Chen')] };
    const reads = { count: 0 };
    advanceClock(168 * 3600_000);
    const app = await site(tutors, reads);
    expect(await (await app.request('/')).text()).toContain('Maya Chen');
    resetClock();
    tutors.current = [tutor(4, 'Casey Hire')];
    expect(await (await app.request('/')).text()).toContain('Casey Hire');
    expect(reads.count).toBe(2);
  });

  it('answers compressed, revalidates with an ETag, and reads the database once for many requests', async () => {
    const reads = { count: 0 };
    const app = await site({ current: [tutor(1, 'Maya Chen')] }, reads);
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.request('/', { headers: { 'accept-encoding': 'gzip, br' } })));
    expect(reads.count).toBe(1);
    const response = answers[0]!;
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('Maya Chen');
    const etag = response.headers.get('etag')!;
    expect((await app.request('/', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('the live home page without its database', () => {
  it('keeps serving the page it has (or the build) when the gallery cannot be read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'live-home-'));
    const indexFile = path.join(dir, 'index.html');
    await writeFile(indexFile, `<main>${galleryHtml([tutor(1, 'Built Tutor')])}</main>`);
    let failing = true;
    const app = new Hono();
    app.get('/', liveHomePage({ indexFile, refreshMs: 30_000, log: () => {}, galleryTutors: async () => {
      if (failing) throw new Error('database unreachable');
      return [tutor(2, 'Live Tutor')];
    } }));
    const outage = await app.request('/');
    expect(outage.status).toBe(200);
    expect(await outage.text()).toContain('Built Tutor');
    failing = false;
    advanceClock(31_000);
    expect(await (await app.request('/')).text()).toContain('Live Tutor');
    failing = true;
    advanceClock(31_000);
    expect(await (await app.request('/')).text()).toContain('Live Tutor');
  });
});
