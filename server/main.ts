/**
 * Starts the product: the API, the built site (dist/) and the dashboard deep links on one port.
 * `npm start` builds the site first; `npm run serve` starts this on an existing build.
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApiApp } from './app.ts';
import { createSender } from './notify/index.ts';
import { createPaymentProvider } from './payments/index.ts';
import { ConfigError, type Config, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { demoAccounts } from './demo/seed.ts';
import { createSiteApp } from './site.ts';
import { listGalleryTutors } from './domain/tutors.ts';
import { semesterEnd } from './domain/availability.ts';
import { nowMs } from './clock.ts';
import { type PeriodicTask, startPeriodicTasks } from './periodic.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
if (semesterEnd().getTime() < nowMs()) {
  console.warn('PUBLIC_SEMESTER_LAST_READING_DAY has passed: tutors cannot add weekly availability until it names the coming semester.');
}
const database = await openConfiguredDatabase(config);
const photoDir = path.join(config.dataDir, 'tutor_images');
const api = createApiApp({
  database,
  config: { ...config, stripeWebhookSecret: config.stripe?.webhookSecret },
  sender: createSender(config, database.db, console.log),
  payments: createPaymentProvider(config),
  photoDir,
});
const site = createSiteApp({ api, distDir: path.resolve('dist'), photoDir, galleryTutors: () => listGalleryTutors(database.db) });

const server = serve({ fetch: site.fetch, port: config.port, hostname: config.host }, () => {
  const address = `http://localhost:${config.port}`;
  console.log(`Serving ${address} (${config.mode} mode, ${database.kind} database)`);
  if (config.mode === 'demo') {
    console.log('Demo logins (the magic link or code goes to the outbox):');
    console.log(`  customer    ${demoAccounts.customer.email}`);
    console.log(`  tutor       ${demoAccounts.tutor.email}`);
    console.log(`  supervisor  ${demoAccounts.supervisor.email}`);
    console.log(`Outbox: ${address}/dev/outbox`);
  }
});

/** Housekeeping on a timer (see periodic.ts): each feature adds its task here. */
const periodicTasks: PeriodicTask[] = [];
const stopPeriodicTasks = startPeriodicTasks(periodicTasks);

async function shutdown() {
  await stopPeriodicTasks();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
