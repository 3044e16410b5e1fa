import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backup } from '../../server/admin/backup.ts';
import type { RunQuery } from '../../server/admin/contents.ts';
import { restore } from '../../server/admin/restore.ts';
import type { AdminTarget } from '../../server/admin/target.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { seedDemoData } from '../../server/demo/seed.ts';

/** Each round trip takes a few seconds; a machine busy with other work may make it a minute. */
const ROUND_TRIP_MS = 120_000;

/**
 * What a restore must bring back: every table's row count, and a checksum of every row of the
 * tables that hold money (a column of cents or credits).
 */
async function fingerprint(query: RunQuery) {
  const tables = (await query(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((row) =>
    String(row.name),
  );
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await query(`select count(*)::int as n from public."${table}"`))[0]!.n);
  const moneyTables = (
    await query(`select distinct table_name as name from information_schema.columns where table_schema = 'public' and (column_name like '%cents%' or column_name = 'credits') order by 1`)
  ).map((row) => String(row.name));
  const money: Record<string, string> = {};
  for (const table of moneyTables) {
    money[table] = String((await query(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from public."${table}" t`))[0]!.sum);
  }
  return { counts, money };
}

const photos = { '1.jpg': 'first tutor photo bytes', '12.jpg': 'another photo' };

async function addPhotos(dataDir: string) {
  await mkdir(path.join(dataDir, 'tutor_images'), { recursive: true });
  for (const [name, bytes] of Object.entries(photos)) await writeFile(path.join(dataDir, 'tutor_images', name), bytes);
  // An upload in progress (server/domain/photos.ts) is not a photo yet.
  await writeFile(path.join(dataDir, 'tutor_images', '3.jpg.5f1c.tmp'), 'half');
}

async function photosIn(dataDir: string): Promise<Record<string, string>> {
  const dir = path.join(dataDir, 'tutor_images');
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), 'utf8')] as const)));
}

let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'tutoring-backup-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore [pglite]', () => {
  const pgliteQuery = (pglite: PGlite): RunQuery => async (text) => (await pglite.query<Record<string, unknown>>(text)).rows;
  /** Opens DATA_DIR's PGlite, runs `work`, closes it (as the server would hold it, one process at a time). */
  async function withPGlite<T>(dataDir: string, work: (query: RunQuery) => Promise<T>): Promise<T> {
    const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return await work(pgliteQuery(pglite));
    } finally {
      await pglite.close();
    }
  }

  it('round-trips the demo data and the photos into an empty DATA_DIR, and replaces a database there only with --force', { timeout: ROUND_TRIP_MS }, async () => {
    const source: AdminTarget = { kind: 'pglite', dataDir: path.join(workDir, 'pglite-source') };
    const target: AdminTarget = { kind: 'pglite', dataDir: path.join(workDir, 'pglite-target') };
    const file = path.join(workDir, 'pglite-backup.tar');

    // The source: the suite's migrated PGlite in a DATA_DIR, with the demo data.
    await mkdir(source.dataDir);
    const pglite = await PGlite.create(path.join(source.dataDir, 'pglite'), { loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    const database = await openDatabase({ pglite });
    await seedDemoData(database.db);
    const expected = await fingerprint(pgliteQuery(pglite));
    await database.close();
    await addPhotos(source.dataDir);
    expect(expected.counts.payments).toBeGreaterThan(0);
    expect(Object.keys(expected.money)).toEqual(expect.arrayContaining(['customers', 'payments', 'prices']));

    const manifest = await backup(source, file);
    expect(manifest).toMatchObject({ database: 'pglite', version: 1, photos: 2 });

    await restore(target, file, { force: false });
    expect(await photosIn(target.dataDir)).toEqual(photos);
    await withPGlite(target.dataDir, async (query) => {
      expect(await fingerprint(query)).toEqual(expected);
      await query(`update payments set amount_cents = amount_cents + 1`);
      await query(`insert into tutors (name, email, phone) values ('Since Then', 'since@example.com', '2065550111')`);
    });
    await writeFile(path.join(target.dataDir, 'tutor_images', '99.jpg'), 'a photo since');

    await expect(restore(target, file, { force: false })).rejects.toThrow(/pglite-target\/pglite is not empty \(tutors: \d+, customers: \d+, courses: \d+, payments: \d+\): add --force to replace it/);
    await restore(target, file, { force: true });
    expect(await photosIn(target.dataDir)).toEqual(photos);
    expect(await withPGlite(target.dataDir, fingerprint)).toEqual(expected);
    // Nothing of the work is left behind in DATA_DIR.
    expect((await readdir(target.dataDir)).sort()).toEqual(['pglite', 'tutor_images']);

    // PGlite belongs to one process: a data folder open elsewhere (the server) is not touched.
    await writeFile(path.join(target.dataDir, 'pglite', 'postmaster.pid'), '-42\n');
    await expect(restore(target, file, { force: true })).rejects.toThrow(/pglite-target\/pglite is open in another process \(the server\?\): stop it first/);
    await expect(backup(target, path.join(workDir, 'not-made.tar'))).rejects.toThrow(/is open in another process/);
    await rm(path.join(target.dataDir, 'pglite', 'postmaster.pid'));

    // A PGlite backup is refused for PostgreSQL before anything is touched.
    await expect(restore({ kind: 'postgres', databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: target.dataDir }, file, { force: true })).rejects.toThrow(
      /is a backup of a PGlite database, and DATABASE_URL names a PostgreSQL one/,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore [postgres]', () => {
  const suffix = randomBytes(5).toString('hex');
  const names = { source: `test_backup_${suffix}`, target: `test_restore_${suffix}` };
  const urlOf = (name: string) => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.href;
  };
  async function onServer(statement: string) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  async function withDatabase<T>(name: string, work: (query: RunQuery) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: urlOf(name) });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await onServer(`create database ${names.source}`);
    await onServer(`create database ${names.target}`);
  });
  afterAll(async () => {
    for (const name of Object.values(names)) await onServer(`drop database if exists ${name} with (force)`);
  });

  it('round-trips the demo data and the photos into an empty database, and replaces a database there only with --force', { timeout: ROUND_TRIP_MS }, async () => {
    const source: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.source), dataDir: path.join(workDir, 'pg-source') };
    const target: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.target), dataDir: path.join(workDir, 'pg-target') };
    const file = path.join(workDir, 'postgres-backup.tar');

    const database = await openDatabase({ databaseUrl: source.databaseUrl, poolSize: 2 });
    await seedDemoData(database.db);
    await database.close();
    await addPhotos(source.dataDir);
    const expected = await withDatabase(names.source, fingerprint);
    expect(expected.counts.payments).toBeGreaterThan(0);

    expect(await backup(source, file)).toMatchObject({ database: 'postgres', version: 1, photos: 2 });
    // An ordinary tar: the dump and photos can be taken out by hand.
    const listed = spawnSync('tar', ['tf', file], { encoding: 'utf8' });
    if (!listed.error) expect(listed.stdout.split('\n').filter(Boolean)).toEqual(['manifest.json', 'database.pgdump', 'tutor_images/1.jpg', 'tutor_images/12.jpg']);

    await restore(target, file, { force: false });
    expect(await photosIn(target.dataDir)).toEqual(photos);
    expect(await withDatabase(names.target, fingerprint)).toEqual(expected);

    await withDatabase(names.target, async (query) => {
      await query(`update payments set amount_cents = amount_cents + 1`);
      // A table and a schema the backup does not have are gone after a replacement too.
      await query(`create table leftover (x int); create schema stray; create table stray.t (y int)`);
    });
    await expect(restore(target, file, { force: false })).rejects.toThrow(new RegExp(`/${names.target} is not empty \\(tutors: \\d+, customers: \\d+, courses: \\d+, payments: \\d+\\): add --force`));
    await restore(target, file, { force: true });
    expect(await withDatabase(names.target, fingerprint)).toEqual(expected);
    expect(await withDatabase(names.target, (query) => query(`select nspname from pg_namespace where nspname in ('stray', 'public')`))).toEqual([{ nspname: 'public' }]);

    await expect(restore({ kind: 'pglite', dataDir: path.join(workDir, 'untouched') }, file, { force: true })).rejects.toThrow(
      /is a backup of a PostgreSQL database, and DATABASE_URL is not set/,
    );
  });
});
