import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** This run's prefix of the PostgreSQL schemas its test files make (harness.ts). */
    schemaPrefix: string;
  }
}

/**
 * Migrates one PGlite once and saves its data directory; every API test file then loads that
 * snapshot (fast) instead of creating and migrating a database of its own (about 2 s each).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tutoring-pglite-'));
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  const schemaPrefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('schemaPrefix', schemaPrefix);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropSchemas(schemaPrefix);
  };
}

/**
 * Drops the schemas this run made, once every file is done. A file dropping its schema while
 * another file migrates made Kysely's look over every schema's tables fail now and then ("schema
 * … does not exist"); another run's schemas (a second suite on the same server) are left alone.
 */
async function dropSchemas(prefix: string): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where starts_with(nspname, $1)', [prefix]);
    for (const { nspname } of rows) await client.query(`drop schema "${nspname.replaceAll('"', '""')}" cascade`);
  } finally {
    await client.end();
  }
}
