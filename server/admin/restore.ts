import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pgliteDir } from '../start/configured-database.ts';
import { type BackupContents, type Manifest, kindName, readManifest, unpackBackup } from './backup-file.ts';
import type { AdminCommand } from './command.ts';
import { decryptTo, isEncrypted, unlock, WrongPassphrase } from './encryption.ts';
import { AdminError } from './errors.ts';
import { type Passphrase, needsPassphrase, passphraseToDecrypt } from './passphrase.ts';
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

/** How many files a folder holds; 0 when it does not exist. */
async function entriesIn(dir: string): Promise<number> {
  try {
    return (await readdir(dir)).length;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 0;
    if (code === 'ENOTDIR') throw new AdminError(`${dir} is not a folder: name a folder for the photos`);
    throw error;
  }
}

/**
 * Refuses, unless `force`, to replace what is there: a database that has any table, and a photo
 * folder that has any file (the restore swaps the whole folder for the backup's). Both are checked
 * before anything is written, so a refusal changes nothing. A PGlite open in another process is
 * refused even with `force`, and so is a PostgreSQL database that other clients are connected to.
 */
async function refuseToReplace(target: AdminTarget, photos: string, force: boolean): Promise<void> {
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
    if (!force) contents = await pgliteContents(target.dataDir);
  }
  if (force) return;
  if (contents) throw new AdminError(`${describeTarget(target)} is not empty (${contents}): add --force to replace it with the backup`);
  const files = await entriesIn(photos);
  if (files > 0) {
    throw new AdminError(
      `${photos} is not empty (${files} file${files === 1 ? '' : 's'}): add --force to replace it with the backup's photos, or restore them elsewhere with --photos-dir DIR`,
    );
  }
}

/** The file key of an encrypted backup, its passphrase checked before anything else is done. */
async function unlockBackup(file: string, passphrase: RestoreOptions['passphrase']): Promise<Uint8Array> {
  if (!passphrase) throw needsPassphrase(file);
  const given = await passphrase();
  try {
    return await unlock(file, given.value);
  } catch (error) {
    if (error instanceof WrongPassphrase) throw new AdminError(`wrong passphrase for ${file} (${given.from}): nothing restored`);
    throw error;
  }
}

export interface RestoreOptions {
  /** Replace a database that has tables, and a photo folder that has files. */
  force: boolean;
  /** Where the photos go, instead of DATA_DIR/tutor_images (a spare folder, beside the live one). */
  photosDir?: string | undefined;
  /** Asked only when the file is encrypted. */
  passphrase?: (() => Promise<Passphrase>) | undefined;
}

/**
 * Restores a backup into the configured database, and its photos into DATA_DIR/tutor_images or the
 * folder `photosDir` names. Refused into a database that has any table, or over a photo folder that
 * has any file, unless `force`, which replaces them: PostgreSQL in one transaction (emptied, then
 * restored), PGlite by loading the dump into a new folder and swapping it in once it opens, the
 * photos by swapping their folder. An encrypted backup is unlocked first (a wrong passphrase
 * changes nothing), then decrypted whole into the work folder, which only this user can enter, and
 * restored from there. The database comes back as it was dumped; the server migrates it when it
 * starts, as after an upgrade.
 */
export async function restore(target: AdminTarget, file: string, options: RestoreOptions): Promise<BackupContents> {
  const photos = path.resolve(options.photosDir ?? photoDir(target.dataDir));
  const fileKey = (await isEncrypted(file)) ? await unlockBackup(file, options.passphrase) : undefined;
  // A plain file says what it is now, before the database is looked at; an encrypted one once decrypted.
  const plain = fileKey ? undefined : await readManifest(file);
  if (plain) refuseOtherKind(file, plain.database, target);
  await refuseToReplace(target, photos, options.force);
  await mkdir(target.dataDir, { recursive: true });
  await mkdir(path.dirname(photos), { recursive: true });
  // Inside DATA_DIR, and beside the photo folder, so that the new folders are renamed into place
  // (same file system); mkdtemp makes them 0700.
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  const photoStaging = await mkdtemp(path.join(path.dirname(photos), '.restore-photos-'));
  try {
    let tar = file;
    if (fileKey) {
      tar = path.join(staging, 'backup.tar');
      await decryptTo(file, fileKey, tar);
    }
    // An encrypted backup's manifest is read once decrypted, before anything is unpacked.
    if (!plain) refuseOtherKind(file, (await readManifest(tar, file)).database, target);
    const dumpFile = path.join(staging, 'dump');
    const restoredPhotos = path.join(photoStaging, 'tutor_images');
    await mkdir(restoredPhotos);
    const contents = await unpackBackup(tar, dumpFile, restoredPhotos, file);
    if (target.kind === 'postgres') {
      await restorePostgres(target.databaseUrl, dumpFile, { replace: options.force });
    } else {
      const loaded = path.join(staging, 'pglite');
      await loadPGlite(dumpFile, loaded);
      await swapIn(loaded, pgliteDir(target.dataDir), path.join(staging, 'pglite-replaced'));
    }
    await swapIn(restoredPhotos, photos, path.join(photoStaging, 'tutor_images-replaced'));
    return contents;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(photoStaging, { recursive: true, force: true });
  }
}

export const restoreCommand: AdminCommand = {
  name: 'restore',
  usage: 'restore FILE [--force] [--photos-dir DIR]',
  summary: 'a backup into an empty database and photo folder (--force replaces them; --photos-dir DIR puts the photos there); stop the server first',
  flags: { force: 'switch', 'photos-dir': 'value' },
  positionals: ['FILE'],
  async run(args, context) {
    const target = context.target();
    const file = context.resolve(args.positionals[0]!);
    const photosFlag = args.flags['photos-dir'];
    const photosDir = typeof photosFlag === 'string' ? context.resolve(photosFlag) : undefined;
    const { manifest } = await restore(target, file, { force: args.flags.force === true, photosDir, passphrase: () => passphraseToDecrypt(context, file) });
    context.print(
      `restored ${file} (${kindName(manifest.database)}, made ${manifest.created_at}) and ${manifest.photos} photo(s) into ${describeTarget(target)}${photosDir ? `, the photos into ${photosDir}` : ''}`,
    );
  },
};
