import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backup } from '../../server/admin/backup.ts';
import { readManifest } from '../../server/admin/backup-file.ts';
import { type AdminIo, runAdmin } from '../../server/admin/cli.ts';
import type { RunQuery } from '../../server/admin/contents.ts';
import { restore } from '../../server/admin/restore.ts';
import type { AdminTarget } from '../../server/admin/target.ts';
import { openDatabase } from '../../server/start/database.ts';
import { seedDemoData } from '../../server/demo/seed.ts';
import { databaseUrlNamed, onPostgresServer } from './postgres-server.ts';

/** Each round trip takes a few seconds; a machine busy with other work may make it a minute. */
const ROUND_TRIP_MS = 120_000;

/**
 * scrypt's work factor for the backups encrypted here: 2^10 instead of 2^18, a millisecond instead
 * of a second or more for each backup, restore and wrong passphrase. The files are age files all
 * the same; the production setting is checked in tests/unit/server/admin-tools.test.ts.
 */
const TEST_WORK_FACTOR = 10;

/**
 * What a restore must bring back: every table's row count, and a checksum of every row of the
 * tables that hold money (a column of cents, or customers' hours: the credit ledger).
 */
async function fingerprint(query: RunQuery) {
  const tables = (await query(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((row) =>
    String(row.name),
  );
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await query(`select count(*)::int as n from public."${table}"`))[0]!.n);
  const moneyTables = (
    await query(`select distinct table_name as name from information_schema.columns where table_schema = 'public' and (column_name like '%cents%' or table_name like 'credit\\_%') order by 1`)
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
  // An upload in progress (server/domain/team/photos.ts) is not a photo yet.
  await writeFile(path.join(dataDir, 'tutor_images', '3.jpg.5f1c.tmp'), 'half');
}

/** A folder's files and their text. */
async function filesIn(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), 'utf8')] as const)));
}

const photosIn = (dataDir: string) => filesIn(path.join(dataDir, 'tutor_images'));

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

let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'tutoring-backup-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore [pglite]', () => {
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
    expect(Object.keys(expected.money)).toEqual(expect.arrayContaining(['credit_entries', 'credit_lots', 'payments', 'prices']));

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

/** `npm run admin` in this process with these settings only; `typed` answers its prompts, in order, as at a terminal. */
async function admin(args: string[], env: Record<string, string>, typed?: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const io: AdminIo = { env, out: (line) => out.push(line), err: (line) => err.push(line), scryptWorkFactor: TEST_WORK_FACTOR };
  if (typed) {
    io.ask = async (prompt) => {
      asked.push(prompt);
      const answer = typed.shift();
      if (answer === undefined) throw new Error(`not expected: ${prompt}`);
      return answer;
    };
  }
  const code = await runAdmin(args, io);
  return { code, out, err, asked };
}

describe('backups an operator can trust [pglite]', () => {
  const passphrase = 'correct horse battery staple';
  const sourceOf = () => ({ kind: 'pglite', dataDir: path.join(workDir, 'trust-source') }) as const;
  let expected: Awaited<ReturnType<typeof fingerprint>>;
  let plain = '';
  let encrypted = '';

  beforeAll(async () => {
    const source = sourceOf();
    await mkdir(source.dataDir);
    const pglite = await PGlite.create(path.join(source.dataDir, 'pglite'), { loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    await pglite.query(`insert into tutors (name, email, phone) values ('Backed Up', 'backed.up@example.com', '2065550123')`);
    expected = await fingerprint(pgliteQuery(pglite));
    await pglite.close();
    await addPhotos(source.dataDir);
    plain = path.join(workDir, 'trust-plain.tar');
    await backup(source, plain);
    encrypted = path.join(workDir, 'trust-encrypted.tar.age');
    await backup(source, encrypted, { passphrase, scryptWorkFactor: TEST_WORK_FACTOR });
  }, ROUND_TRIP_MS);

  it('writes a backup that only its owner can read (0600), also in place of an older, world-readable file of that name', { timeout: ROUND_TRIP_MS }, async () => {
    // This process's umask lets a file made without a mode be read by others: the backup's 0600 is its own doing.
    const probe = path.join(workDir, 'probe');
    await writeFile(probe, '');
    expect((await stat(probe)).mode & 0o044).not.toBe(0);

    expect((await stat(plain)).mode & 0o777).toBe(0o600);
    expect((await stat(encrypted)).mode & 0o777).toBe(0o600);
    // A backup replaces a file of its name by a new one, made 0600: the older file's mode is not kept.
    const older = path.join(workDir, 'trust-older.tar');
    await writeFile(older, 'an older file');
    await chmod(older, 0o644);
    await backup(sourceOf(), older);
    expect((await stat(older)).mode & 0o777).toBe(0o600);
    expect(await readManifest(older)).toMatchObject({ database: 'pglite', photos: 2 });
  });

  it("refuses to restore over a photo folder that is not empty without --force, and changes neither the database nor the photos", async () => {
    const target: AdminTarget = { kind: 'pglite', dataDir: path.join(workDir, 'trust-live') };
    await mkdir(path.join(target.dataDir, 'tutor_images'), { recursive: true });
    await writeFile(path.join(target.dataDir, 'tutor_images', '7.jpg'), 'a live photo');
    await expect(restore(target, plain, { force: false })).rejects.toThrow(
      /trust-live\/tutor_images is not empty \(1 file\): add --force to replace it with the backup's photos, or restore them elsewhere with --photos-dir DIR$/,
    );
    expect(await readdir(target.dataDir)).toEqual(['tutor_images']);
    expect(await photosIn(target.dataDir)).toEqual({ '7.jpg': 'a live photo' });
  });

  it("restores the photos into the folder that --photos-dir names, leaving DATA_DIR's photos as they were", { timeout: ROUND_TRIP_MS }, async () => {
    const dataDir = path.join(workDir, 'trust-spare');
    await mkdir(path.join(dataDir, 'tutor_images'), { recursive: true });
    await writeFile(path.join(dataDir, 'tutor_images', '7.jpg'), 'a live photo');
    const elsewhere = path.join(workDir, 'trust-spare-photos', 'tutor_images');
    const result = await admin(['restore', plain, '--photos-dir', elsewhere], { DATA_DIR: dataDir });
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out).toEqual([expect.stringMatching(new RegExp(`and 2 photo\\(s\\) into ${dataDir}/pglite, the photos into ${elsewhere}$`))]);
    expect(await filesIn(elsewhere)).toEqual(photos);
    expect(await photosIn(dataDir)).toEqual({ '7.jpg': 'a live photo' });
    expect(await withPGlite(dataDir, fingerprint)).toEqual(expected);
    expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'tutor_images']);
  });

  it('encrypts a backup with BACKUP_PASSPHRASE (an age file, 0600), and restores it with the passphrase typed at the terminal', { timeout: ROUND_TRIP_MS }, async () => {
    const file = path.join(workDir, 'trust-cli.tar.age');
    const made = await admin(['backup', file, '--encrypt'], { DATA_DIR: sourceOf().dataDir, BACKUP_PASSPHRASE: passphrase });
    expect(made).toMatchObject({ code: 0, err: [], asked: [] });
    expect(made.out).toEqual([expect.stringMatching(/ and 2 photo\(s\) to .*trust-cli\.tar\.age \(\d+\.\d MB, encrypted with age\)$/)]);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    // Nothing of the backup can be read without the passphrase: not the manifest, not a photo.
    expect(bytes.includes('tutoring-marketplace-backup')).toBe(false);
    expect(bytes.includes(photos['1.jpg'])).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const dataDir = path.join(workDir, 'trust-decrypted');
    const restored = await admin(['restore', file], { DATA_DIR: dataDir }, [passphrase]);
    expect(restored).toMatchObject({ code: 0, err: [], asked: [`Passphrase of ${file}: `] });
    expect(await photosIn(dataDir)).toEqual(photos);
    expect(await withPGlite(dataDir, fingerprint)).toEqual(expected);
    // The decrypted copy was made in DATA_DIR's work folder and is gone.
    expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'tutor_images']);
  });

  it('refuses a wrong passphrase, or none, in one line with exit code 1, and writes nothing', async () => {
    const dataDir = path.join(workDir, 'trust-wrong');
    const fromEnv = await admin(['restore', encrypted], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: 'not the passphrase' });
    expect(fromEnv).toEqual({ code: 1, out: [], err: [`wrong passphrase for ${encrypted} (BACKUP_PASSPHRASE): nothing restored`], asked: [] });
    const typed = await admin(['restore', encrypted], { DATA_DIR: dataDir }, ['not the passphrase']);
    expect(typed).toMatchObject({ code: 1, out: [], err: [`wrong passphrase for ${encrypted} (typed): nothing restored`] });
    const none = await admin(['restore', encrypted], { DATA_DIR: dataDir });
    expect(none).toMatchObject({ code: 1, out: [], err: [`${encrypted} is encrypted: set BACKUP_PASSPHRASE, or run restore in a terminal to type the passphrase`] });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses an encrypted backup whose bytes were changed, restoring nothing', { timeout: ROUND_TRIP_MS }, async () => {
    const damaged = path.join(workDir, 'trust-damaged.tar.age');
    const bytes = await readFile(encrypted);
    bytes[bytes.length - 100]! ^= 1;
    await writeFile(damaged, bytes);
    const dataDir = path.join(workDir, 'trust-damaged');
    await expect(restore({ kind: 'pglite', dataDir }, damaged, { force: false, passphrase: async () => ({ value: passphrase, from: 'typed' }) })).rejects.toThrow(/trust-damaged\.tar\.age is damaged/);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'tutor_images'))).toBe(false);
  });

  it('asks for a backup\'s passphrase twice at a terminal, and refuses --encrypt without one, two that differ or a short one, writing nothing', { timeout: ROUND_TRIP_MS }, async () => {
    const env = { DATA_DIR: sourceOf().dataDir };
    const file = path.join(workDir, 'trust-asked.tar.age');
    const refusals: [Awaited<ReturnType<typeof admin>>, string][] = [
      [await admin(['backup', file, '--encrypt'], env), '--encrypt needs a passphrase: set BACKUP_PASSPHRASE, or run the command in a terminal to type it'],
      [await admin(['backup', file, '--encrypt'], env, ['one long passphrase', 'another long one']), 'the two passphrases differ: no backup written'],
      // The variable alone asks for encryption: set, it is never ignored for a plain backup.
      [await admin(['backup', file], { ...env, BACKUP_PASSPHRASE: 'short' }), 'BACKUP_PASSPHRASE is shorter than 12 characters: choose a longer one (a backup holds the keys of app_secrets and customers\' data)'],
    ];
    for (const [result, message] of refusals) expect(result).toMatchObject({ code: 1, out: [], err: [message] });
    expect(existsSync(file)).toBe(false);

    const asked = await admin(['backup', file, '--encrypt'], env, [passphrase, passphrase]);
    expect(asked).toMatchObject({ code: 0, err: [], asked: ['Passphrase for the backup: ', 'The same passphrase again: '] });
    expect((await readFile(file)).subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    // No work folder of a backup is left beside the files.
    expect((await readdir(workDir)).filter((name) => name.startsWith('.backup-'))).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore [postgres]', () => {
  const suffix = randomBytes(5).toString('hex');
  const names = { source: `test_backup_${suffix}`, target: `test_restore_${suffix}`, spare: `test_spare_${suffix}` };
  const urlOf = databaseUrlNamed;
  const onServer = onPostgresServer;
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
    await onServer(`create database ${names.spare}`);
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

  // The attack this answers: a restore into an empty spare database, with the live DATA_DIR, emptied the live photos.
  it('refuses to restore into an empty spare database while DATA_DIR has photos, changing nothing, and restores beside them with --photos-dir', { timeout: ROUND_TRIP_MS }, async () => {
    // The backup the round trip above made.
    const file = path.join(workDir, 'postgres-backup.tar');
    const live = path.join(workDir, 'pg-live');
    await addPhotos(live);
    const livePhotos = await photosIn(live);
    const spare: AdminTarget = { kind: 'postgres', databaseUrl: urlOf(names.spare), dataDir: live };
    const publicTables = () => withDatabase(names.spare, (query) => query(`select count(*)::int as n from pg_tables where schemaname = 'public'`));

    await expect(restore(spare, file, { force: false })).rejects.toThrow(/\/pg-live\/tutor_images is not empty \(3 files\): add --force to replace it with the backup's photos, or restore them elsewhere with --photos-dir DIR$/);
    expect(await publicTables()).toEqual([{ n: 0 }]);
    expect(await photosIn(live)).toEqual(livePhotos);
    expect(await readdir(live)).toEqual(['tutor_images']);

    const elsewhere = path.join(workDir, 'pg-spare-photos');
    await restore(spare, file, { force: false, photosDir: elsewhere });
    expect(await filesIn(elsewhere)).toEqual(photos);
    expect(await photosIn(live)).toEqual(livePhotos);
    expect(await withDatabase(names.spare, fingerprint)).toEqual(await withDatabase(names.source, fingerprint));
  });
});
