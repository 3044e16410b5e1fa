import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDir } from '../start/configured-database.ts';
import { databaseContents } from './contents.ts';
import { AdminError, oneLine } from './errors.ts';
import { refuseOpenPGlite } from './target.ts';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

const hasDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** "PostgreSQL 18.6 (PGlite 0.5.16)" of `select version()`'s longer line. */
export const shortVersion = (version: string): string => version.split(' on ')[0]!;

async function versionOf(pglite: PGlite): Promise<string> {
  return shortVersion((await pglite.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '');
}

/** PGlite's own dump of its data folder (a tar of PGDATA), gzipped, into `file`. */
export async function dumpPGlite(dataDir: string, file: string): Promise<{ serverVersion: string; dumpedBy: string }> {
  refuseOpenPGlite(dataDir);
  const dir = pgliteDir(dataDir);
  if (!hasDatabase(dir)) throw new AdminError(`no database in ${dir} (is DATA_DIR right?)`);
  const pglite = await PGlite.create(dir);
  try {
    const serverVersion = await versionOf(pglite);
    // Compressed by Node's zlib rather than dumpDataDir('gzip'): the same gzip, in about half the time.
    const dump = await pglite.dumpDataDir('none');
    await writeFile(file, await gzip(new Uint8Array(await dump.arrayBuffer())));
    return { serverVersion, dumpedBy: 'PGlite dumpDataDir, gzip' };
  } finally {
    await pglite.close();
  }
}

/** What a restore would replace in DATA_DIR (see databaseContents); undefined when there is no database. */
export async function pgliteContents(dataDir: string): Promise<string | undefined> {
  refuseOpenPGlite(dataDir);
  const dir = pgliteDir(dataDir);
  if (!hasDatabase(dir)) return undefined;
  const pglite = await PGlite.create(dir);
  try {
    return await databaseContents(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
  } finally {
    await pglite.close();
  }
}

/** Loads a PGlite dump into a new folder `dir` (which must not exist) and checks that it opens. */
export async function loadPGlite(dumpFile: string, dir: string): Promise<void> {
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create(dir, { loadDataDir: new Blob([await gunzip(await readFile(dumpFile))]) });
    await versionOf(pglite);
  } catch (error) {
    throw new AdminError(`the backup's database does not load into PGlite: ${oneLine((error as Error).message)}`);
  } finally {
    await pglite?.close();
  }
}
