import { readdir } from 'node:fs/promises';
import { type ArchiveEntry, ArchiveError, listArchive, readEntry } from './archive.ts';
import { AdminError } from './errors.ts';

/**
 * The backup file (docs/decisions/014-backups.md): a tar of
 *   manifest.json            what it is (below), first, so a restore can refuse early
 *   database.pgdump          PostgreSQL: pg_dump --format=custom
 *   database.pglite.tar.gz   PGlite: its own dump of the data folder
 *   tutor_images/{id}.jpg    the uploaded photos of DATA_DIR/tutor_images
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
  dump: ArchiveEntry;
  photos: { name: string; entry: ArchiveEntry }[];
}

/**
 * Reads a backup's table of contents; an AdminError when the file is not one of ours. `shownAs`
 * names it in messages (the encrypted file an operator named, when `file` is its decrypted copy).
 */
export async function readBackup(file: string, shownAs = file): Promise<BackupContents> {
  const notOurs = (why: string) => new AdminError(`${shownAs} is not a backup made by 'npm run admin -- backup' (${why})`);
  let entries: ArchiveEntry[];
  try {
    entries = await listArchive(file);
  } catch (error) {
    if (error instanceof ArchiveError) throw notOurs(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AdminError(`${shownAs} does not exist`);
    throw error;
  }
  const first = entries[0];
  if (first?.name !== MANIFEST_ENTRY || first.size > 64_000) throw notOurs('no manifest');
  let manifest: Manifest;
  try {
    manifest = JSON.parse((await readEntry(file, first)).toString('utf8')) as Manifest;
  } catch {
    throw notOurs('its manifest is not JSON');
  }
  if (manifest.format !== FORMAT || !(manifest.database in DUMP_ENTRY)) throw notOurs('unknown manifest');
  if (manifest.version !== 1) throw new AdminError(`${shownAs} is a backup of format version ${manifest.version}: this version of the app reads version 1`);
  const dump = entries.find((entry) => entry.name === DUMP_ENTRY[manifest.database]);
  if (!dump) throw notOurs(`no ${DUMP_ENTRY[manifest.database]}`);
  const photos = entries
    .filter((entry) => entry.name.startsWith(PHOTO_PREFIX) && PHOTO_NAME.test(entry.name.slice(PHOTO_PREFIX.length)))
    .map((entry) => ({ name: entry.name.slice(PHOTO_PREFIX.length), entry }));
  return { manifest, dump, photos };
}
