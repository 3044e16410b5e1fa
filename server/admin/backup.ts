import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { archiveStream } from './archive.ts';
import { DUMP_ENTRY, FORMAT, MANIFEST_ENTRY, type Manifest, PHOTO_PREFIX, kindName, photoNames } from './backup-file.ts';
import type { AdminCommand } from './command.ts';
import { encrypt } from './encryption.ts';
import { AdminError } from './errors.ts';
import { writePrivateFile } from './file-streams.ts';
import { passphraseToEncrypt } from './passphrase.ts';
import { dumpPGlite } from './pglite-dump.ts';
import { dumpPostgres } from './postgres-dump.ts';
import { shortVersion } from './pglite-dump.ts';
import { type AdminTarget, describeTarget, photoDir } from './target.ts';

/**
 * Backs up the database and the uploaded photos into one file (backup-file.ts), encrypted with the
 * passphrase when one is given (encryption.ts). The file holds every customer's data and the keys
 * of app_secrets, so it is readable by its owner only (0600) from its creation. The dump is made in
 * a work folder beside the file (mkdtemp's 0700: nobody else can look in), and the file appears
 * only once whole (written there, then renamed), so an interrupted backup never leaves a half file
 * under the name, nor replaces the previous backup with one. A file of the same name is replaced by
 * the new one: its permissions are not kept.
 */
export async function backup(target: AdminTarget, file: string, options: { passphrase?: string | undefined } = {}): Promise<Manifest> {
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
    const tar = archiveStream([
      { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: DUMP_ENTRY[target.kind], file: dumpFile },
      ...names.map((name) => ({ name: `${PHOTO_PREFIX}${name}`, file: path.join(photos, name) })),
    ]);
    const written = path.join(staging, 'backup');
    await writePrivateFile(written, options.passphrase ? await encrypt(tar, options.passphrase) : tar);
    await rename(written, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export const backupCommand: AdminCommand = {
  name: 'backup',
  usage: 'backup FILE [--encrypt]',
  summary: 'the database and the uploaded photos into FILE (a tar only its owner can read); encrypted with BACKUP_PASSPHRASE when set, or a typed one for --encrypt',
  flags: { encrypt: 'switch' },
  positionals: ['FILE'],
  async run(args, context) {
    const target = context.target();
    const file = context.resolve(args.positionals[0]!);
    // Before the dump: a refusal (no passphrase, a short one) comes at once.
    const passphrase = await passphraseToEncrypt(context, args.flags.encrypt === true);
    const manifest = await backup(target, file, { passphrase });
    const size = `${((await stat(file)).size / 1e6).toFixed(1)} MB`;
    context.print(
      `backed up ${describeTarget(target)} (${kindName(manifest.database)}) and ${manifest.photos} photo(s) to ${file} (${passphrase ? `${size}, encrypted with age` : size})`,
    );
  },
};
