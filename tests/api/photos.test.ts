import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { addPhotoRoute } from '../../server/photos.ts';
import { call, describeApi, type TestClient } from './harness.ts';
import { jordan, maya, priya } from './tutor-helpers.ts';

/** A real JPEG made on the spot, with EXIF that must not survive (where a phone photo was taken). */
const photo = (width = 900, height = 600, red = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'Taken at 47.6062 N, 122.3321 W', Make: 'PhoneCo' } })
    .toBuffer();

const upload = (client: TestClient, tutor: string | number, bytes: Uint8Array) =>
  call(client, `/api/tutors/${tutor}/photo`, { method: 'POST', body: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' } });

/** A small JPEG whose header claims 60000 × 60000 pixels: decoding it would take gigabytes. */
async function bomb(): Promise<Buffer> {
  const bytes = Buffer.from(await photo(16, 16));
  for (let i = 0; i < bytes.length - 8; i++) {
    const marker = bytes[i + 1]!;
    if (bytes[i] === 0xff && marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(60000, i + 5);
      bytes.writeUInt16BE(60000, i + 7);
      return bytes;
    }
  }
  throw new Error('no frame header');
}

describeApi('tutor photos', (ctx) => {
  it('keeps a square, re-encoded JPEG without metadata, under a versioned address', async () => {
    const tutor = await jordan(ctx());
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { status, body } = await upload(tutor.client, 'myself', original);
    expect(status).toBe(200);
    expect(body.data.url).toMatch(new RegExp(`^/tutor_images/${tutor.id}\\.jpg\\?v=[0-9a-f]{12}$`));
    const stored = await readFile(path.join(ctx().photoDir, `${tutor.id}.jpg`));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('47.6062'))).toBe(false);
    // Another photo, another version.
    const again = await upload(tutor.client, tutor.id, await photo(600, 900, 220));
    expect(again.body.data.url).not.toBe(body.data.url);
  });

  it('serves a new photo at once: the plain address revalidates, the versioned one never changes', async () => {
    const tutor = await jordan(ctx());
    const { body } = await upload(tutor.client, 'myself', await photo(700, 700, 90));
    const site = new Hono();
    addPhotoRoute(site, [ctx().photoDir]);
    const plain = await site.request(`/tutor_images/${tutor.id}.jpg`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag')!;
    expect((await site.request(`/tutor_images/${tutor.id}.jpg`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await site.request(body.data.url)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await upload(tutor.client, 'myself', await photo(700, 700, 160));
    expect((await site.request(`/tutor_images/${tutor.id}.jpg`, { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it.each([
    ['a PNG', () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } }).png().toBuffer()],
    ['a truncated JPEG', async () => (await photo()).subarray(0, 600)],
    ['text named like a JPEG', async () => Buffer.from('\xff\xd8\xff not really a jpeg at all')],
    ['a JPEG of 3.6 billion pixels', bomb],
    ['an empty body', async () => Buffer.alloc(0)],
  ])('refuses %s by its content', async (_name, make) => {
    const tutor = await jordan(ctx());
    const { status, body } = await upload(tutor.client, 'myself', await make());
    expect(status).toBe(400);
    expect(body.error.type).toBe('BadImage');
  });

  it('refuses a body over 5 MB before reading it', async () => {
    const tutor = await jordan(ctx());
    const { status, body } = await upload(tutor.client, 'myself', new Uint8Array(6 * 1024 * 1024));
    expect(status).toBe(413);
    expect(body.error.type).toBe('BadInput');
  });

  it('takes parallel uploads for one tutor: each answers 200 and the stored photo is one of them, whole', async () => {
    const tutor = await jordan(ctx());
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(640 + i * 8, 480, 20 + i * 25)));
    const answers = await Promise.all(photos.map((bytes) => upload(tutor.client, 'myself', bytes)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const stored = await readFile(path.join(ctx().photoDir, `${tutor.id}.jpg`));
    // Decoding every pixel fails on a file cut short or two writes mixed together.
    const { info } = await sharp(stored, { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    const version = createHash('sha256').update(stored).digest('hex').slice(0, 12);
    expect(answers.map((a) => a.body.data.url)).toContain(`/tutor_images/${tutor.id}.jpg?v=${version}`);
    expect((await readdir(ctx().photoDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('lets a tutor change only their own photo, and a supervisor anyone\'s', async () => {
    const a = await jordan(ctx());
    const b = await priya(ctx());
    const lead = await maya(ctx());
    expect((await upload(a.client, b.id, await photo())).body.error.type).toBe('NotAuthorized');
    expect((await upload(lead.client, b.id, await photo())).status).toBe(200);
    expect((await upload(ctx().client(), b.id, await photo())).body.error.type).toBe('NoAuth');
    expect((await upload(lead.client, 999999, await photo())).body.error.type).toBe('TutorNotFound');
  });
});
