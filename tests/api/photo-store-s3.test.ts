import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import type { S3Settings } from '../../server/config.ts';
import { s3Client, s3PhotoStore } from '../../server/photo-store/s3.ts';
import { photoVersion } from '../../server/photo-store/store.ts';
import { addPhotoRoute } from '../../server/photos.ts';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { call, describeApi, TestClient } from './harness.ts';
import { newTutor } from './tutor-helpers.ts';

/**
 * The S3 photo store (server/photo-store/s3.ts) against s3rver, an S3-compatible server in this
 * process (from npm, over real HTTP on a free port, its objects in a temporary folder): the same
 * SDK calls a bucket at MinIO, R2 or Amazon S3 is sent.
 */
const BUCKET = 'beacon-photos';
let server: S3rver;
let folder = '';
let endpoint = '';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

const settings = (prefix: string): S3Settings => ({ bucket: BUCKET, endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix });
const jpeg = (red: number) => sharp({ create: { width: 600, height: 400, channels: 3, background: { r: red, g: 80, b: 160 } } }).jpeg().toBuffer();

describeApi('the S3 photo store', (ctx) => {
  // Each database's suite keeps its photos under a prefix of its own: tutor ids repeat across them.
  const prefix = () => `${ctx().kind}/tutor_images/`;

  it('keeps, reads and lists photos under its prefix, and answers nothing for a tutor without one', async () => {
    const store = s3PhotoStore(settings(prefix()));
    const bytes = Buffer.from('a photo as kept');
    expect(await store.read(41)).toBeUndefined();
    expect(await store.version(41)).toBeUndefined();
    await store.save(41, { version: photoVersion(bytes), jpeg: bytes });
    await store.save(7, { version: photoVersion(Buffer.from('seven')), jpeg: Buffer.from('seven') });
    // What is not a photo of ours under the prefix, or is outside it, is not listed.
    const client = s3Client(settings(prefix()));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix()}notes.txt`, Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `elsewhere/${ctx().kind}/9.jpg`, Body: 'x' }));
    expect(await store.read(41)).toEqual({ version: photoVersion(bytes), jpeg: bytes });
    expect(await store.version(41)).toBe(photoVersion(bytes));
    expect(await store.tutorIds()).toEqual([7, 41]);
    // A new photo replaces the old one whole.
    const next = Buffer.from('a newer photo');
    await store.save(41, { version: photoVersion(next), jpeg: next });
    expect(await store.read(41)).toEqual({ version: photoVersion(next), jpeg: next });
  });

  it('takes an upload through one instance and serves it from another, with the caching of the database store', async () => {
    const tutor = await newTutor(ctx());
    // Two instances: an API with a client of its own for the bucket, and a site with another.
    const api = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, log: () => {}, photos: s3PhotoStore(settings(prefix())) });
    const client = new TestClient(api);
    client.cookies = tutor.client.cookies;
    const site = new Hono();
    addPhotoRoute(site, s3PhotoStore(settings(prefix())), []);

    const uploaded = await call(client, '/api/tutors/myself/photo', { method: 'POST', body: new Uint8Array(await jpeg(60)), headers: { 'content-type': 'image/jpeg' } });
    expect(uploaded.status).toBe(200);
    const url: string = uploaded.body.data.url;
    const version = new URL(url, 'http://x').searchParams.get('v')!;
    const served = await site.request(url);
    expect(served.status).toBe(200);
    expect(photoVersion(Buffer.from(await served.arrayBuffer()))).toBe(version);
    expect([served.headers.get('etag'), served.headers.get('cache-control'), served.headers.get('content-type')]).toEqual([`"${version}"`, 'public, max-age=31536000, immutable', 'image/jpeg']);
    const plain = await site.request(`/tutor_images/${tutor.id}.jpg`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect((await site.request(`/tutor_images/${tutor.id}.jpg`, { headers: { 'if-none-match': `"${version}"` } })).status).toBe(304);
    // Another upload: the other instance's plain address has the new photo at once.
    expect((await call(client, `/api/tutors/${tutor.id}/photo`, { method: 'POST', body: new Uint8Array(await jpeg(200)), headers: { 'content-type': 'image/jpeg' } })).status).toBe(200);
    expect((await site.request(`/tutor_images/${tutor.id}.jpg`, { headers: { 'if-none-match': `"${version}"` } })).status).toBe(200);
  });
});
