import pg from 'pg';
import type { RunQuery } from './contents.ts';
import { AdminError, oneLine } from './errors.ts';

/** A PostgreSQL address without its password, fit for a log line. */
export function withoutPassword(databaseUrl: string): string {
  const url = URL.parse(databaseUrl);
  if (!url) return 'the DATABASE_URL database';
  url.password = '';
  url.searchParams.delete('password');
  return url.href;
}

/** Runs `work` over one connection to the database; a failure to connect or query is one AdminError line. */
export async function withClient<T>(databaseUrl: string, work: (query: RunQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'tutoring-admin' });
  try {
    await client.connect();
    return await work(async (text) => (await client.query(text)).rows);
  } catch (error) {
    if (error instanceof AdminError) throw error;
    throw new AdminError(`${withoutPassword(databaseUrl)}: ${oneLine((error as Error).message)}`);
  } finally {
    await client.end().catch(() => {});
  }
}
