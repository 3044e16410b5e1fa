import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pgliteDir } from '../db/open.ts';
import { extractEntry } from './archive.ts';
import { type BackupContents, type Manifest, kindName, readBackup } from './backup-file.ts';
import type { AdminCommand } from './command.ts';
import { AdminError } from './errors.ts';
import { loadPGlite, pgliteContents } from './pglite-dump.ts';
import { postgresState, restorePostgres } from './postgres-dump.ts';
import { type AdminTarget, describeTarget, photoDir, refuseOpenPGlite } from './target.ts';

function refuseOtherKind(file: string, backupKind: Manifest['database'], target: AdminTarget) {
  if (backupKind === target.kind) return;
  throw new AdminError(
    backupKind === 'pglite'
      ? `${file} is a backup of a PGlite database, and DATABASE_URL names a PostgreSQL one: restore it with DATABASE_URL unset (into DATA_DIR), or restore a PostgreSQL backup`
      : `${file} is a backup of a PostgreSQL database, and DATABASE_URL is not set (PGlite in DATA_DIR): set DATABASE_URL to the PostgreSQL database to restore it into`,
  );
}

/** Puts `fresh` where `live` is; the folder replaced goes into `attic` (removed with the staging folder). */
async function swapIn(fresh: string, live: string, attic: string) {
  const replaced = existsSync(live);
  if (replaced) await rename(live, attic);
  try {
    await rename(fresh, live);
  } catch (error) {
    if (replaced) await rename(attic, live);
    throw error;
  }
}

/**
 * Restores a backup into the configured database and DATA_DIR's photos. Refused into a database
 * that has any table unless `force`, which replaces it: PostgreSQL in one transaction (emptied,
 * then restored), PGlite by loading the dump into a new folder and swapping it in once it opens.
 * The uploaded photos become the backup's. The database comes back as it was dumped; the server
 * migrates it when it starts, as after an upgrade.
 */
export async function restore(target: AdminTarget, file: string, options: { force: boolean }): Promise<BackupContents> {
  const backup = await readBackup(file);
  refuseOtherKind(file, backup.manifest.database, target);
  let contents: string | undefined;
  if (target.kind === 'postgres') {
    const state = await postgresState(target.databaseUrl);
    if (state.otherConnections > 0) {
      throw new AdminError(`${state.otherConnections} other connection(s) to ${describeTarget(target)}: stop the server (and close other clients) before restoring`);
    }
    contents = state.contents;
  } else {
    refuseOpenPGlite(target.dataDir);
    // Opening a PGlite takes a while: only to say why a restore without --force is refused.
    if (!options.force) contents = await pgliteContents(target.dataDir);
  }
  if (contents && !options.force) {
    throw new AdminError(`${describeTarget(target)} is not empty (${contents}): add --force to replace it with the backup`);
  }
  await mkdir(target.dataDir, { recursive: true });
  // Inside DATA_DIR, so that the new folders are renamed into place (same file system).
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    const dumpFile = path.join(staging, 'dump');
    await extractEntry(file, backup.dump, dumpFile);
    const photos = path.join(staging, 'tutor_images');
    await mkdir(photos);
    for (const photo of backup.photos) await extractEntry(file, photo.entry, path.join(photos, photo.name));
    if (target.kind === 'postgres') {
      await restorePostgres(target.databaseUrl, dumpFile, { replace: options.force });
    } else {
      const loaded = path.join(staging, 'pglite');
      await loadPGlite(dumpFile, loaded);
      await swapIn(loaded, pgliteDir(target.dataDir), path.join(staging, 'pglite-replaced'));
    }
    await swapIn(photos, photoDir(target.dataDir), path.join(staging, 'tutor_images-replaced'));
    return backup;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export const restoreCommand: AdminCommand = {
  name: 'restore',
  usage: 'restore FILE [--force]',
  summary: 'a backup into an empty database (--force replaces one); stop the server first',
  flags: { force: 'switch' },
  positionals: ['FILE'],
  async run(args, context) {
    const target = context.target();
    const file = context.resolve(args.positionals[0]!);
    const { manifest } = await restore(target, file, { force: args.flags.force === true });
    context.print(
      `restored ${file} (${kindName(manifest.database)}, made ${manifest.created_at}) and ${manifest.photos} photo(s) into ${describeTarget(target)}`,
    );
  },
};
