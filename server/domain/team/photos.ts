import sharp from 'sharp';
import { Refusal } from '../refusal.ts';
import type { Db } from '../../db/db.ts';
import { type PhotoStore, photoVersion } from '../../photo-store/store.ts';

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
 * Keeps a tutor's photo (TutorNotFound for no such tutor) in the photo store, in place of any
 * before it, and returns its address with a version that changes with it. The store keeps one
 * photo whole: of parallel uploads for one tutor, the last one's is kept.
 */
export async function saveTutorPhoto(db: Db, photos: PhotoStore, tutorId: number, bytes: Uint8Array): Promise<{ url: string }> {
  const exists = await db.selectFrom('tutors').select('id').where('id', '=', tutorId).executeTakeFirst();
  if (!exists) throw new Refusal('TutorNotFound');
  const jpeg = await normalizeTutorPhoto(bytes);
  const version = photoVersion(jpeg);
  await photos.save(tutorId, { version, jpeg });
  return { url: `/tutor_images/${tutorId}.jpg?v=${version}` };
}
