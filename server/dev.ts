/**
 * The API inside `astro dev` (one process): astro.config.mjs loads this through Vite and sends
 * /api, /dev and /tutor_images requests here; dashboard deep links are rewritten to the shell.
 */
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createApiApp } from './app.ts';
import { createSender } from './notify/index.ts';
import { createPaymentProvider } from './payments/index.ts';
import { loadConfig } from './config.ts';
import { sharedDatabase } from './start/shared-database.ts';
import { addPhotoRoute } from './photos.ts';
import { createPhotoStore } from './photo-store/index.ts';
import { importPhotoFolder } from './photo-store/import-folder.ts';

export async function createDevListener() {
  const config = loadConfig();
  const database = await sharedDatabase();
  const app = new Hono({ strict: false });
  const photos = createPhotoStore(config.photoStore, database.db);
  // An older version's uploads on disk, moved into the store once, as the server does (main.ts).
  const moved = await importPhotoFolder(database.db, photos, path.join(config.dataDir, 'tutor_images'));
  if (moved) console.log(moved);
  app.route('/', createApiApp({
    database,
    config: { ...config, stripeWebhookSecret: config.stripe?.webhookSecret },
    sender: createSender(config, database.db, console.log),
    payments: createPaymentProvider(config),
    photos,
    seedPhotoDir: path.resolve('public/tutor_images'),
  }));
  addPhotoRoute(app, photos, [path.resolve('public/tutor_images')]);
  return getRequestListener(app.fetch);
}
