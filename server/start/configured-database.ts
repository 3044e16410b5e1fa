import type { Config } from '../config.ts';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from './database.ts';
import { seedDemoData } from '../demo/seed.ts';
import { addStartedDemoMeeting } from '../demo/started-meeting.ts';
import { startClockAt } from '../clock.ts';

/** The database the settings name: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function configuredTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): { databaseUrl: string } | { dataDir: string } {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) };
}

/** Where PGlite keeps its data inside DATA_DIR (beside the uploaded photos). */
export const pgliteDir = (dataDir: string): string => `${dataDir}/pglite`;

/**
 * The database the configuration names (PostgreSQL or PGlite in DATA_DIR), migrated and, in demo
 * mode, seeded around the clock's start instant when one is set (DEMO_CLOCK_START: the clock is
 * started here, before the seed, in every process that opens the demo: the build and the server).
 */
export async function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'mode' | 'demoClockStart'>): Promise<DatabaseHandle> {
  if (config.mode === 'demo' && config.demoClockStart) startClockAt(config.demoClockStart);
  const handle = await openDatabase(configuredTarget(config) satisfies DatabaseTarget);
  if (config.mode === 'demo') {
    await seedDemoData(handle.db);
    await addStartedDemoMeeting(handle.db);
  }
  return handle;
}
