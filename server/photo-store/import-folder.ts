import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db.ts';
import { isTutorId, type PhotoStore, photoVersion } from './store.ts';

/** An uploaded photo as the server kept it on disk before decision 027 ({tutor id}.jpg). */
const PHOTO_FILE = /^([0-9]{1,10})\.jpg$/;

/** The first free name beside the folder for what it held: `tutor_images.imported`, then `-2`, `-3`, … */
function asideName(dir: string): string {
  for (let n = 1; ; n++) {
    const candidate = `${dir}.imported${n === 1 ? '' : `-${n}`}`;
    if (!existsSync(candidate)) return candidate;
  }
}

/**
 * Moves the photos of a folder on this machine's disk (DATA_DIR/tutor_images: where uploads went
 * before decision 027, or where a restore of an older backup put them) into the photo store, once:
 * the folder is then renamed `….imported`, kept for whoever wants to look, and never read again.
 * A tutor the store has a photo of already keeps it (an upload since, or another instance's import
 * of the same upgrade); a file of a tutor the database does not know is left in the renamed folder.
 * Nothing to do when the folder holds no photo. Answers what it did in a line for the log.
 */
export async function importPhotoFolder(db: Db, store: PhotoStore, dir: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile() && PHOTO_FILE.test(entry.name)).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // No photo in it (a restore of a backup whose photos are in its dump leaves the folder empty).
  if (names.length === 0) return undefined;
  const tutors = new Set((await db.selectFrom('tutors').select('id').execute()).map((row) => row.id));
  const present = new Set(await store.tutorIds());
  let imported = 0;
  const left: string[] = [];
  for (const name of names.sort()) {
    const tutorId = Number(PHOTO_FILE.exec(name)![1]);
    const jpeg = await readFile(path.join(dir, name));
    if (!isTutorId(tutorId) || !tutors.has(tutorId) || jpeg.length === 0) left.push(`${name} (no such tutor, or empty)`);
    else if (present.has(tutorId)) left.push(`${name} (the store has a photo of tutor ${tutorId} already)`);
    else {
      // The bytes as they are: an upload was re-encoded before it was written (domain/photos.ts).
      await store.save(tutorId, { version: photoVersion(jpeg), jpeg });
      imported++;
    }
  }
  const aside = asideName(dir);
  await rename(dir, aside);
  return `Moved ${imported} photo(s) from ${dir} into ${store.where}; the folder is now ${aside}${left.length ? `, with ${left.length} file(s) not moved: ${left.join(', ')}` : ''}`;
}
