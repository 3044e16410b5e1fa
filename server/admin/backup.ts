import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeArchive } from './archive.ts';
import { DUMP_ENTRY, FORMAT, MANIFEST_ENTRY, type Manifest, PHOTO_PREFIX, kindName, photoNames } from './backup-file.ts';
import type { AdminCommand } from './command.ts';
import { AdminError } from './errors.ts';
import { dumpPGlite } from './pglite-dump.ts';
import { dumpPostgres } from './postgres-dump.ts';
import { shortVersion } from './pglite-dump.ts';
import { type AdminTarget, describeTarget, photoDir } from './target.ts';

/**
 * Backs up the database and the uploaded photos into one file (backup-file.ts). The dump is made
 * beside the file, and the file appears only once whole (written under a temporary name, then
 * renamed), so an interrupted backup never leaves a half file under the name, nor replaces the
 * previous backup with one.
 */
export async function backup(target: AdminTarget, file: string): Promise<Manifest> {
  const out = path.resolve(file);
  if (!existsSync(path.dirname(out))) throw new AdminError(`folder ${path.dirname(out)} does not exist`);
  if (existsSync(out) && (await stat(out)).isDirectory()) throw new AdminError(`${out} is a folder: name the backup file`);
  const staging = await mkdtemp(path.join(path.dirname(out), '.backup-'));
  try {
    const dumpFile = path.join(staging, 'dump');
    const dumped = target.kind === 'postgres' ? await dumpPostgres(target.databaseUrl, dumpFile) : await dumpPGlite(target.dataDir, dumpFile);
    const photos = photoDir(target.dataDir);
    const names = await photoNames(photos);
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      database: target.kind,
      created_at: new Date().toISOString(),
      server_version: shortVersion(dumped.serverVersion),
      dumped_by: dumped.dumpedBy,
      photos: names.length,
    };
    const archive = path.join(staging, 'backup.tar');
    await writeArchive(archive, [
      { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: DUMP_ENTRY[target.kind], file: dumpFile },
      ...names.map((name) => ({ name: `${PHOTO_PREFIX}${name}`, file: path.join(photos, name) })),
    ]);
    await rename(archive, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export const backupCommand: AdminCommand = {
  name: 'backup',
  usage: 'backup FILE',
  summary: 'the database and the uploaded photos into FILE (a tar)',
  flags: {},
  positionals: ['FILE'],
  async run(args, context) {
    const target = context.target();
    const file = context.resolve(args.positionals[0]!);
    const manifest = await backup(target, file);
    const size = (await stat(file)).size;
    context.print(`backed up ${describeTarget(target)} (${kindName(manifest.database)}) and ${manifest.photos} photo(s) to ${file} (${(size / 1e6).toFixed(1)} MB)`);
  },
};
