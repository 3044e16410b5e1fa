import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './connection.ts';
import { seedDemoData } from '../demo/seed.ts';
import { addStartedDemoMeeting } from '../demo/started-meeting.ts';

/** The database the configuration names (PostgreSQL or PGlite in DATA_DIR), migrated and, in demo mode, seeded. */
export async function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'mode'>): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
  );
  if (config.mode === 'demo') {
    await seedDemoData(handle.db);
    await addStartedDemoMeeting(handle.db);
  }
  return handle;
}
