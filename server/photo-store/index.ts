import type { PhotoStoreSettings } from '../config.ts';
import type { Db } from '../db/db.ts';
import { databasePhotoStore } from './database.ts';
import { s3PhotoStore } from './s3.ts';
import type { PhotoStore } from './store.ts';

/** The photo store the settings name (PHOTO_STORE, decision 027): the database's table, or a bucket. */
export function createPhotoStore(settings: PhotoStoreSettings, db: Db): PhotoStore {
  return settings.kind === 's3' ? s3PhotoStore(settings) : databasePhotoStore(db);
}
