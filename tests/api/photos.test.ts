import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { databasePhotoStore } from '../../server/photo-store/database.ts';
import { importPhotoFolder } from '../../server/photo-store/import-folder.ts';
import { photoVersion } from '../../server/photo-store/store.ts';
import { addPhotoRoute } from '../../server/photos.ts';
import { call, describeApi, type TestClient } from './harness.ts';
import { jordan, maya, newTutor, priya } from './tutor-helpers.ts';

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
    const stored = (await ctx().photos.read(tutor.id))!.jpeg;
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
    addPhotoRoute(site, ctx().photos, []);
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
    expect(body.error).toBe('BadImage');
  });

  it('refuses a body over 5 MB before reading it', async () => {
    const tutor = await jordan(ctx());
    const { status, body } = await upload(tutor.client, 'myself', new Uint8Array(6 * 1024 * 1024));
    expect(status).toBe(413);
    expect(body.error).toBe('BadInput');
  });

  it('takes parallel uploads for one tutor: each answers 200 and the stored photo is one of them, whole', async () => {
    const tutor = await jordan(ctx());
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(640 + i * 8, 480, 20 + i * 25)));
    const answers = await Promise.all(photos.map((bytes) => upload(tutor.client, 'myself', bytes)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const stored = (await ctx().photos.read(tutor.id))!.jpeg;
    // Decoding every pixel fails on a file cut short or two writes mixed together.
    const { info } = await sharp(stored, { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    const version = createHash('sha256').update(stored).digest('hex').slice(0, 12);
    expect(answers.map((a) => a.body.data.url)).toContain(`/tutor_images/${tutor.id}.jpg?v=${version}`);
  });

  it('lets a tutor change only their own photo, and a supervisor anyone\'s', async () => {
    const a = await jordan(ctx());
    const b = await priya(ctx());
    const lead = await maya(ctx());
    expect((await upload(a.client, b.id, await photo())).body.error).toBe('NotAuthorized');
    expect((await upload(lead.client, b.id, await photo())).status).toBe(200);
    expect((await upload(ctx().client(), b.id, await photo())).body.error).toBe('NoAuth');
    expect((await upload(lead.client, 999999, await photo())).body.error).toBe('TutorNotFound');
  });

  it('serves a photo uploaded through one instance from every other, with the same headers and bytes', async () => {
    const tutor = await newTutor(ctx());
    // Instances on two machines share only the database: each has a store of its own over it.
    const instance = () => {
      const site = new Hono();
      addPhotoRoute(site, databasePhotoStore(ctx().database.db), []);
      return site;
    };
    const [first, second] = [instance(), instance()];
    const { body } = await upload(tutor.client, 'myself', await photo(500, 700, 120));
    for (const address of [`/tutor_images/${tutor.id}.jpg`, body.data.url]) {
      const [a, b] = await Promise.all([first.request(address), second.request(address)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      for (const header of ['etag', 'cache-control', 'content-type']) expect(b.headers.get(header), header).toBe(a.headers.get(header));
      expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
      // A revalidation at one instance of what the other sent.
      expect((await second.request(address, { headers: { 'if-none-match': a.headers.get('etag')! } })).status).toBe(304);
    }
  });

  it('answers an address whose number no tutor can have with the placeholder, not an error', async () => {
    const seeds = await mkdtemp(path.join(tmpdir(), 'seed-photos-'));
    try {
      await writeFile(path.join(seeds, 'placeholder.jpg'), 'placeholder');
      const site = new Hono();
      addPhotoRoute(site, ctx().photos, [seeds]);
      const answer = await site.request('/tutor_images/99999999999999999999.jpg');
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('placeholder');
    } finally {
      await rm(seeds, { recursive: true, force: true });
    }
  });

  it("moves an older version's photos on disk into the store once, keeping a photo uploaded since", async () => {
    const [kept, moved] = [await newTutor(ctx()), await newTutor(ctx())];
    const { body } = await upload(kept.client, 'myself', await photo(600, 600, 40));
    const work = await mkdtemp(path.join(tmpdir(), 'photo-import-'));
    const dir = path.join(work, 'tutor_images');
    try {
      await mkdir(dir);
      const older = Buffer.from('an older upload, re-encoded by then');
      await writeFile(path.join(dir, `${moved.id}.jpg`), older);
      await writeFile(path.join(dir, `${kept.id}.jpg`), 'a photo older than the upload');
      await writeFile(path.join(dir, '999999.jpg'), 'a tutor this database does not have');
      await writeFile(path.join(dir, `${moved.id}.jpg.5f1c.tmp`), 'an upload cut short');
      const said = await importPhotoFolder(ctx().database.db, ctx().photos, dir);
      expect(said).toMatch(/^Moved 1 photo\(s\) from .* into the database \(table tutor_photos\); the folder is now .*tutor_images\.imported, with 2 file\(s\) not moved: /);
      expect(await ctx().photos.read(moved.id)).toEqual({ version: photoVersion(older), jpeg: older });
      expect(`/tutor_images/${kept.id}.jpg?v=${await ctx().photos.version(kept.id)}`).toBe(body.data.url);
      expect(await ctx().photos.version(999999)).toBeUndefined();
      // The folder is put aside whole, and a second start has nothing to do.
      expect(existsSync(dir)).toBe(false);
      expect((await readdir(`${dir}.imported`)).sort()).toEqual([`${kept.id}.jpg`, `${moved.id}.jpg`, `${moved.id}.jpg.5f1c.tmp`, '999999.jpg'].sort());
      expect(await importPhotoFolder(ctx().database.db, ctx().photos, dir)).toBeUndefined();
      // A folder that appears again (a restore of an older backup) is moved in and put beside the first.
      await mkdir(dir);
      await writeFile(path.join(dir, `${moved.id}.jpg`), 'restored');
      expect(await importPhotoFolder(ctx().database.db, ctx().photos, dir)).toMatch(/^Moved 0 photo\(s\) .* the folder is now .*tutor_images\.imported-2, with 1 file/);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
