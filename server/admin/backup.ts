import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from '../config.ts';
import { s3PhotoStore } from '../photo-store/s3.ts';
import { type ArchiveSource, archiveStream } from './archive.ts';
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
 * The photos of a bucket (PHOTO_STORE=s3), as the backup's entries tutor_images/{id}.jpg. Photos
 * kept in the database need none: they are in its dump.
 */
async function photosOfBucket(bucket: S3Settings): Promise<ArchiveSource[]> {
  const store = s3PhotoStore(bucket);
  const entries: ArchiveSource[] = [];
  for (const tutorId of await store.tutorIds()) {
    const photo = await store.read(tutorId);
    if (photo) entries.push({ name: `${PHOTO_PREFIX}${tutorId}.jpg`, data: photo.jpeg });
  }
  return entries;
}

/**
 * Backs up the database and the uploaded photos into one file (backup-file.ts), encrypted with the
 * passphrase when one is given (encryption.ts). The file holds every customer's data and the keys
 * of app_secrets, so it is readable by its owner only (0600) from its creation. The dump is made in
 * a work folder beside the file (mkdtemp's 0700: nobody else can look in), and the file appears
 * only once whole (written there, then renamed), so an interrupted backup never leaves a half file
 * under the name, nor replaces the previous backup with one. A file of the same name is replaced by
 * the new one: its permissions are not kept.
 */
export interface BackupOptions {
  /** Encrypts the backup (encryption.ts). */
  passphrase?: string | undefined;
  /** scrypt's work factor: tests only (encryption.ts). */
  scryptWorkFactor?: number | undefined;
}

export async function backup(target: AdminTarget, file: string, options: BackupOptions = {}): Promise<Manifest> {
  const out = path.resolve(file);
  if (!existsSync(path.dirname(out))) throw new AdminError(`folder ${path.dirname(out)} does not exist`);
  if (existsSync(out) && (await stat(out)).isDirectory()) throw new AdminError(`${out} is a folder: name the backup file`);
  const staging = await mkdtemp(path.join(path.dirname(out), '.backup-'));
  try {
    const dumpFile = path.join(staging, 'dump');
    const dumped = target.kind === 'postgres' ? await dumpPostgres(target.databaseUrl, dumpFile) : await dumpPGlite(target.dataDir, dumpFile);
    const photos = photoDir(target.dataDir);
    const bucketPhotos = target.photoBucket ? await photosOfBucket(target.photoBucket) : [];
    // What an older version left on disk, not yet in the store; a tutor's photo in the bucket wins.
    const names = (await photoNames(photos)).filter((name) => !bucketPhotos.some((photo) => photo.name === `${PHOTO_PREFIX}${name}`));
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      database: target.kind,
      created_at: new Date().toISOString(),
      server_version: shortVersion(dumped.serverVersion),
      dumped_by: dumped.dumpedBy,
      photos: bucketPhotos.length + names.length,
    };
    const tar = archiveStream([
      { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: DUMP_ENTRY[target.kind], file: dumpFile },
      ...bucketPhotos,
      ...names.map((name) => ({ name: `${PHOTO_PREFIX}${name}`, file: path.join(photos, name) })),
    ]);
    const written = path.join(staging, 'backup');
    await writePrivateFile(written, options.passphrase ? await encrypt(tar, options.passphrase, options.scryptWorkFactor) : tar);
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
    const manifest = await backup(target, file, { passphrase, scryptWorkFactor: context.scryptWorkFactor });
    const size = `${((await stat(file)).size / 1e6).toFixed(1)} MB`;
    context.print(
      `backed up ${describeTarget(target)} (${kindName(manifest.database)}) and ${manifest.photos} photo(s) to ${file} (${passphrase ? `${size}, encrypted with age` : size})`,
    );
  },
};
