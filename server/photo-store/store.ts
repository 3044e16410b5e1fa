import { createHash } from 'node:crypto';

/**
 * Where tutors' photos are kept (decision 027): in the database by default, or in an S3-compatible
 * object store. Never on one machine's disk: every instance must serve every photo.
 */

/** A tutor's photo as kept: the JPEG and its version (a hash of its bytes). */
export interface StoredPhoto {
  /** The ETag of its answers and the `?v=` of its address: the same on every instance. */
  version: string;
  jpeg: Buffer;
}

export interface PhotoStore {
  /** Where the photos are, for log lines and admin messages. */
  readonly where: string;
  /** Keeps the tutor's photo in place of any before it: a reader sees the old one or the new one, whole. */
  save(tutorId: number, photo: StoredPhoto): Promise<void>;
  /** The version alone: a revalidation (If-None-Match) needs no bytes. */
  version(tutorId: number): Promise<string | undefined>;
  read(tutorId: number): Promise<StoredPhoto | undefined>;
  /** The tutors who have a photo, in ascending order. */
  tutorIds(): Promise<number[]>;
}

/** The version of a photo's bytes (12 hex digits of their SHA-256). */
export const photoVersion = (jpeg: Uint8Array): string => createHash('sha256').update(jpeg).digest('hex').slice(0, 12);

/** Whether an address's number can be a tutor's id (an integer column): a longer one names no photo. */
export const isTutorId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
