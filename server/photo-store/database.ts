import type { Db } from '../db/db.ts';
import type { PhotoStore, StoredPhoto } from './store.ts';

/** PGlite answers a bytea as a Uint8Array, node-postgres as a Buffer: one Buffer either way, without a copy. */
const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/**
 * Photos in the table tutor_photos (migration 026): the default store. They travel with the
 * database, into its backups and to every instance that uses it; a photo is about 50 KB, and its
 * versioned address is cached by browsers for a year, so the database reads few of them.
 */
export function databasePhotoStore(db: Db): PhotoStore {
  return {
    where: 'the database (table tutor_photos)',
    async save(tutorId: number, photo: StoredPhoto) {
      // One statement: parallel uploads for one tutor leave the last one's row, never a mix.
      await db
        .insertInto('tutor_photos')
        .values({ tutor_id: tutorId, version: photo.version, jpeg: photo.jpeg })
        .onConflict((oc) => oc.column('tutor_id').doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), jpeg: eb.ref('excluded.jpeg') })))
        .execute();
    },
    async version(tutorId: number) {
      const row = await db.selectFrom('tutor_photos').select('version').where('tutor_id', '=', tutorId).executeTakeFirst();
      return row?.version;
    },
    async read(tutorId: number) {
      const row = await db.selectFrom('tutor_photos').select(['version', 'jpeg']).where('tutor_id', '=', tutorId).executeTakeFirst();
      return row ? { version: row.version, jpeg: asBuffer(row.jpeg) } : undefined;
    },
    async tutorIds() {
      const rows = await db.selectFrom('tutor_photos').select('tutor_id').orderBy('tutor_id').execute();
      return rows.map((row) => row.tutor_id);
    },
  };
}
