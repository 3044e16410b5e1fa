import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ArchiveError, readArchive, readFirstEntry } from './archive.ts';
import { AdminError } from './errors.ts';

/**
 * The backup file (docs/decisions/014-backups.md): a tar of
 *   manifest.json            what it is (below), first, so a restore can refuse early
 *   database.pgdump          PostgreSQL: pg_dump --format=custom
 *   database.pglite.tar.gz   PGlite: its own dump of the data folder
 *   tutor_images/{id}.jpg    the photos of the bucket (PHOTO_STORE=s3), and those an older version
 *                            left in DATA_DIR/tutor_images; photos kept in the database are in its dump
 * or that tar encrypted with a passphrase, as an age file (encryption.ts).
 */
export const FORMAT = 'tutoring-marketplace-backup';
export const MANIFEST_ENTRY = 'manifest.json';
export const DUMP_ENTRY = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;
export const PHOTO_PREFIX = 'tutor_images/';

export type DatabaseKind = keyof typeof DUMP_ENTRY;

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  database: DatabaseKind;
  created_at: string;
  /** `select version()` of the database dumped. */
  server_version: string;
  dumped_by: string;
  photos: number;
}

export const kindName = (kind: DatabaseKind): string => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');

/** A photo as the server stores it ({id}.jpg; never a temporary file of an upload in progress). */
const PHOTO_NAME = /^[A-Za-z0-9_-]{1,80}\.jpg$/;

/** The photos in the folder, by name (none when it does not exist). */
export async function photoNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile() && PHOTO_NAME.test(entry.name)).map((entry) => entry.name).sort();
}

export interface BackupContents {
  manifest: Manifest;
  /** The photos unpacked, by name. */
  photos: string[];
}

/** A backup's refusal: not a file of ours (`shownAs` names it as the operator did). */
const notOurs = (shownAs: string, why: string) => new AdminError(`${shownAs} is not a backup made by 'npm run admin -- backup' (${why})`);

/** The archive's reading, with its failures said of the backup. */
async function reading<T>(shownAs: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ArchiveError) throw notOurs(shownAs, error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AdminError(`${shownAs} does not exist`);
    throw error;
  }
}

/**
 * Reads what a backup is from its manifest, its first entry, without reading further; an
 * AdminError when the file is not one of ours. `shownAs` names it in messages (the encrypted file
 * an operator named, when `file` is its decrypted copy).
 */
export async function readManifest(file: string, shownAs = file): Promise<Manifest> {
  const first = await reading(shownAs, () => readFirstEntry(file, 64_000));
  if (first?.entry.name !== MANIFEST_ENTRY) throw notOurs(shownAs, 'no manifest');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(first.bytes.toString('utf8')) as Manifest;
  } catch {
    throw notOurs(shownAs, 'its manifest is not JSON');
  }
  if (manifest.format !== FORMAT || !(manifest.database in DUMP_ENTRY)) throw notOurs(shownAs, 'unknown manifest');
  if (manifest.version !== 1) throw new AdminError(`${shownAs} is a backup of format version ${manifest.version}: this version of the app reads version 1`);
  return manifest;
}

/**
 * Unpacks a backup in one reading: its database dump into `dumpFile`, its photos into `photoDir`
 * (an empty folder); entries of other names are passed by. An AdminError when the file is not one
 * of ours, or has no dump.
 */
export async function unpackBackup(file: string, dumpFile: string, photoDir: string, shownAs = file): Promise<BackupContents> {
  const manifest = await readManifest(file, shownAs);
  const dumpEntry = DUMP_ENTRY[manifest.database];
  const photos: string[] = [];
  let dumped = false;
  await reading(shownAs, () =>
    readArchive(file, ({ name }) => {
      if (name === dumpEntry && !dumped) {
        dumped = true;
        return dumpFile;
      }
      const photo = name.slice(PHOTO_PREFIX.length);
      if (!name.startsWith(PHOTO_PREFIX) || !PHOTO_NAME.test(photo) || photos.includes(photo)) return undefined;
      photos.push(photo);
      return path.join(photoDir, photo);
    }),
  );
  if (!dumped) throw notOurs(shownAs, `no ${dumpEntry}`);
  return { manifest, photos };
}
