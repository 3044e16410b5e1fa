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
import { sharedDatabase } from './db/shared.ts';
import { addPhotoRoute } from './photos.ts';

export async function createDevListener() {
  const config = loadConfig();
  const database = await sharedDatabase();
  const app = new Hono({ strict: false });
  const photoDir = path.join(config.dataDir, 'tutor_images');
  app.route('/', createApiApp({
    database,
    config: { ...config, stripeWebhookSecret: config.stripe?.webhookSecret },
    sender: createSender(config, database.db, console.log),
    payments: createPaymentProvider(config),
    photoDir,
    seedPhotoDir: path.resolve('public/tutor_images'),
  }));
  addPhotoRoute(app, [photoDir, path.resolve('public/tutor_images')]);
  return getRequestListener(app.fetch);
}
