import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup } from '../../server/admin/backup.ts';
import { restore } from '../../server/admin/restore.ts';
import { type AdminTarget, adminTarget } from '../../server/admin/target.ts';
import type { S3Settings } from '../../server/config.ts';
import { databasePhotoStore } from '../../server/photo-store/database.ts';
import { importPhotoFolder } from '../../server/photo-store/import-folder.ts';
import { s3PhotoStore } from '../../server/photo-store/s3.ts';
import { photoVersion } from '../../server/photo-store/store.ts';
import { openDatabase } from '../../server/start/database.ts';
import { databaseUrlNamed, onPostgresServer } from './postgres-server.ts';

/**
 * Backups hold the photos wherever they are kept (decision 027): in the database's dump, or, with
 * PHOTO_STORE=s3, as the backup's tutor_images/ entries read from the bucket (s3rver here), which
 * a restore puts in DATA_DIR/tutor_images for the server's start to move into the bucket. On
 * PostgreSQL only: its dump and restore take seconds where PGlite's take a minute on a busy machine
 * (admin-backup.test.ts round-trips PGlite's whole data folder, tables and all).
 */
const ROUND_TRIP_MS = 120_000;
const photo = (text: string) => ({ version: photoVersion(Buffer.from(text)), jpeg: Buffer.from(text) });

describe('the admin command reads where the photos are', () => {
  it('from the server\'s settings: the database, DATA_DIR and the photo store, and no other', () => {
    expect(adminTarget({ DATA_DIR: '/srv/data', STRIPE_SECRET_KEY: 'not read' })).toEqual({ kind: 'pglite', dataDir: '/srv/data', photoBucket: undefined });
    const target = adminTarget({ DATA_DIR: '/srv/data', DATABASE_URL: 'postgres://u@h/db', PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000' });
    expect(target).toMatchObject({ kind: 'postgres', databaseUrl: 'postgres://u@h/db', photoBucket: { bucket: 'photos', endpoint: 'http://minio:9000', prefix: 'tutor_images/' } });
    expect(() => adminTarget({ PHOTO_STORE: 's3' })).toThrow(/S3_BUCKET: is required when PHOTO_STORE=s3/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backups of the photo stores [postgres]', () => {
  const suffix = randomBytes(5).toString('hex');
  const names = { source: `test_photos_backup_${suffix}`, target: `test_photos_restore_${suffix}` };
  const urlOf = databaseUrlNamed;
  const onServer = onPostgresServer;
  /** Opens the database (migrated), runs `work` with its handle, closes it. */
  async function withDb<T>(name: string, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl: urlOf(name), poolSize: 2 });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }
  const addTutors = (db: Parameters<Parameters<typeof withDb>[1]>[0]) =>
    db
      .insertInto('tutors')
      .values([1, 2, 3].map((n) => ({ name: `Tutor ${n}`, email: `tutor${n}@example.com`, phone: `206555012${n}` })))
      .returning('id')
      .execute();

  let workDir = '';
  let server: S3rver;
  let endpoint = '';
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'tutoring-photo-backup-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(workDir, 's3'), configureBuckets: [{ name: 'live-photos', configs: [] }, { name: 'new-photos', configs: [] }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  });
  beforeAll(async () => {
    for (const name of Object.values(names)) await onServer(`create database ${name}`);
  });
  afterAll(async () => {
    for (const name of Object.values(names)) await onServer(`drop database if exists ${name} with (force)`);
    await server?.close();
    await rm(workDir, { recursive: true, force: true });
  });
  const bucket = (name: string): S3Settings => ({ bucket: name, endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix: 'tutor_images/' });
  const listed = (file: string) => spawnSync('tar', ['tf', file], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

  it("brings back the photos kept in the database with its dump, and leaves the server's start nothing to move", { timeout: ROUND_TRIP_MS }, async () => {
    const source: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.source), dataDir: path.join(workDir, 'db-source') };
    const target: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.target), dataDir: path.join(workDir, 'db-target') };
    const ids = await withDb(names.source, async (db) => {
      const tutors = await addTutors(db);
      for (const { id } of tutors.slice(0, 2)) await databasePhotoStore(db).save(id, photo(`photo of ${id}`));
      return tutors.map((t) => t.id);
    });
    const file = path.join(workDir, 'db-photos.tar');
    await backup(source, file);
    expect(listed(file)).toEqual(['manifest.json', 'database.pgdump']);

    await restore(target, file, { force: false });
    await withDb(names.target, async (db) => {
      const store = databasePhotoStore(db);
      expect(await store.tutorIds()).toEqual(ids.slice(0, 2));
      for (const id of ids.slice(0, 2)) expect(await store.read(id)).toEqual(photo(`photo of ${id}`));
      // The restore's photo folder is empty: the server's start leaves it as it is.
      expect(await importPhotoFolder(db, store, path.join(target.dataDir, 'tutor_images'))).toBeUndefined();
    });
  });

  it("holds the bucket's photos with PHOTO_STORE=s3, and a restore puts them back in a bucket through the server's start", { timeout: ROUND_TRIP_MS }, async () => {
    await onServer(`drop database ${names.source} with (force)`);
    await onServer(`create database ${names.source}`);
    const source: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.source), dataDir: path.join(workDir, 's3-source'), photoBucket: bucket('live-photos') };
    const target: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.target), dataDir: path.join(workDir, 's3-target'), photoBucket: bucket('new-photos') };
    const live = s3PhotoStore(bucket('live-photos'));
    const ids = await withDb(names.source, async (db) => (await addTutors(db)).map((t) => t.id));
    for (const id of ids.slice(1)) await live.save(id, photo(`bucket photo of ${id}`));
    const file = path.join(workDir, 's3-photos.tar');
    expect(await backup(source, file)).toMatchObject({ photos: 2 });
    expect(listed(file)).toEqual(['manifest.json', 'database.pgdump', ...ids.slice(1).map((id) => `tutor_images/${id}.jpg`)]);

    // Into another database and an empty bucket (the live one lost, say).
    await restore(target, file, { force: true });
    expect((await readdir(path.join(target.dataDir, 'tutor_images'))).sort()).toEqual(ids.slice(1).map((id) => `${id}.jpg`).sort());
    const restored = s3PhotoStore(bucket('new-photos'));
    expect(await restored.tutorIds()).toEqual([]);
    await withDb(names.target, (db) => importPhotoFolder(db, restored, path.join(target.dataDir, 'tutor_images')));
    expect(await restored.tutorIds()).toEqual(ids.slice(1));
    for (const id of ids.slice(1)) expect(await restored.read(id)).toEqual(photo(`bucket photo of ${id}`));
  });
});
