import pg from 'pg';

/** The address of another database on the tests' PostgreSQL server (TEST_DATABASE_URL with its name replaced). */
export function databaseUrlNamed(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs one statement on the tests' PostgreSQL server (create or drop a database), on a connection of its own. */
export async function onPostgresServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
