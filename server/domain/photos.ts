import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Refusal } from './refusal.ts';
import type { Db } from '../db/connection.ts';

/**
 * Tutor photos (spec 2: JPEG only). The bytes are judged by decoding them with sharp (libvips),
 * never by a name or a header: anything that is not a whole JPEG is refused, and so is a picture
 * of too many pixels (a small file can unpack into gigabytes). What is kept is a new JPEG of a fixed
 * square size, turned upright, with no metadata (a phone photo's EXIF carries where it was taken).
 */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** About 50 megapixels: more than any camera a tutor uses, far less than a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
export const PHOTO_SIZE = 512;

const badImage = (reason: string) => new Refusal('BadImage', { fields: { photo: reason } });

export async function normalizeTutorPhoto(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.length === 0) throw badImage('The photo is empty');
  if (bytes.length > PHOTO_MAX_BYTES) throw badImage('The photo is larger than 5 MB');
  // failOn 'warning': a truncated or damaged JPEG is refused, not half-decoded.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const };
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw badImage('The file is not an image we can read');
  }
  if (format !== 'jpeg') throw badImage('The photo must be a JPEG');
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    const message = (error as Error).message ?? '';
    throw badImage(/pixel limit/i.test(message) ? 'The photo has too many pixels' : 'The JPEG is damaged or incomplete');
  }
}

/**
 * Stores a tutor's photo (TutorNotFound for no such tutor) as `{id}.jpg` in the photo folder (written aside, then renamed, so a
 * reader never sees half a file) and returns its address with a version that changes with it.
 * Each upload writes a temporary file of its own (a random name: pid and milliseconds are shared by
 * parallel uploads, which then wrote, and renamed away, one another's file); the rename replaces
 * the photo atomically, so the last upload's photo is the one kept, whole.
 */
export async function saveTutorPhoto(db: Db, photoDir: string, tutorId: number, bytes: Uint8Array): Promise<{ url: string }> {
  const exists = await db.selectFrom('tutors').select('id').where('id', '=', tutorId).executeTakeFirst();
  if (!exists) throw new Refusal('TutorNotFound');
  const photo = await normalizeTutorPhoto(bytes);
  await mkdir(photoDir, { recursive: true });
  const file = path.join(photoDir, `${tutorId}.jpg`);
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, photo, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const version = createHash('sha256').update(photo).digest('hex').slice(0, 12);
  return { url: `/tutor_images/${tutorId}.jpg?v=${version}` };
}
