import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type S3Settings } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../start/database.ts';
import { pgliteDir } from '../start/configured-database.ts';
import { AdminError, oneLine } from './errors.ts';
import { withClient, withoutPassword } from './postgres-client.ts';

/**
 * The database the admin command works on, named by the server's own two settings: PostgreSQL at
 * DATABASE_URL, else PGlite in DATA_DIR. The photos are in the database (its dump holds them), or
 * in the bucket `photoBucket` names (PHOTO_STORE=s3, decision 027); DATA_DIR/tutor_images holds
 * only what an older version left there, moved into the store at the server's next start.
 */
export type AdminTarget = ({ kind: 'postgres'; databaseUrl: string; dataDir: string } | { kind: 'pglite'; dataDir: string }) & { photoBucket?: S3Settings | undefined };

/** The settings of where the data is: the database, DATA_DIR and the photo store. */
const TARGET_SETTINGS = ['DATA_DIR', 'DATABASE_URL', 'PHOTO_STORE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

/**
 * Reads where the data is with the server's rules (server/config.ts), and nothing else: the
 * production-only settings (Stripe, SMTP, …) are not the admin command's business.
 */
export function adminTarget(env: Record<string, string | undefined>): AdminTarget {
  try {
    const config = loadConfig(Object.fromEntries(TARGET_SETTINGS.map((name) => [name, env[name]])));
    const photoBucket = config.photoStore.kind === 's3' ? config.photoStore : undefined;
    return config.databaseUrl ? { kind: 'postgres', databaseUrl: config.databaseUrl, dataDir: config.dataDir, photoBucket } : { kind: 'pglite', dataDir: config.dataDir, photoBucket };
  } catch (error) {
    if (error instanceof ConfigError) throw new AdminError(oneLine(error.message));
    throw error;
  }
}

/** The uploaded photos' folder, as server/main.ts names it. */
export const photoDir = (dataDir: string): string => path.join(dataDir, 'tutor_images');

export function describeTarget(target: AdminTarget): string {
  return target.kind === 'postgres' ? withoutPassword(target.databaseUrl) : pgliteDir(target.dataDir);
}

/**
 * PGlite belongs to one process: a second one opening the same folder would corrupt it. While a
 * PGlite is open its folder holds postmaster.pid (with no real process id in it), removed on close.
 */
export function refuseOpenPGlite(dataDir: string): void {
  const dir = pgliteDir(dataDir);
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new AdminError(
      `${dir} is open in another process (the server?): stop it first. If nothing is running, the last process stopped without closing it: start and stop the server once`,
    );
  }
}

/** Opens the configured database and brings its schema up to date (never seeds demo data). */
export async function openAdminDatabase(target: AdminTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') refuseOpenPGlite(target.dataDir);
  // Reached at all? Said in one line here, before the server's connection code (which retries and logs).
  else await withClient(target.databaseUrl, (query) => query('select 1'));
  try {
    return await openDatabase(target.kind === 'postgres' ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: pgliteDir(target.dataDir) });
  } catch (error) {
    throw new AdminError(`cannot open ${describeTarget(target)}: ${oneLine((error as Error).message)}`);
  }
}
