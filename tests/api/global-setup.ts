import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/start/database.ts';
import { startJobRunner } from '../../server/jobs/runner.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** This run's prefix of the PostgreSQL schemas its test files make (harness.ts). */
    schemaPrefix: string;
  }
}

/**
 * Migrates one PGlite once and saves its data directory; every API test file then loads that
 * snapshot (fast) instead of creating and migrating a database (and the job queue's schema) of its own (about 2 s each).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tutoring-pglite-'));
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  // The job queue's own schema too (each file's messages run through it), made once here.
  const jobs = await startJobRunner(handle.jobStore, [], { schedule: false, log: () => {} });
  await jobs.stop(1000);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  const schemaPrefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('schemaPrefix', schemaPrefix);
  const run = await claimRun(schemaPrefix);
  await vacuumCatalog();
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropSchemas(schemaPrefix);
    await vacuumCatalog();
    await run?.end();
  };
}

/** The system tables each schema made and dropped leaves dead rows in. */
const CATALOG_TABLES = ['pg_attribute', 'pg_class', 'pg_depend', 'pg_type', 'pg_constraint', 'pg_trigger', 'pg_index', 'pg_attrdef', 'pg_namespace', 'pg_sequence', 'pg_description'];

/**
 * Vacuums the server's catalog after the schemas are dropped (and before a run, for one killed
 * earlier). A run makes and drops hundreds of schemas; the tests' server runs without autovacuum
 * (`autovacuum = off` here), so their dead rows piled up run after run (pg_attribute held 600,000
 * dead rows and the database 315 MB, against 10 MB vacuumed), and every catalog scan of a later run
 * (each file's migration looks over every schema's tables) read them all. A plain VACUUM takes no
 * lock that stops another run.
 */
async function vacuumCatalog(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`vacuum ${CATALOG_TABLES.map((table) => `pg_catalog.${table}`).join(', ')}`);
  } catch (error) {
    // Without the right to vacuum the catalog (a server the tests do not own), the run goes on as before.
    console.warn(`the catalog was not vacuumed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.end();
  }
}

/** A run's prefix as an advisory lock's key: held by the run's own connection while it runs. */
const RUN_LOCK = 'select pg_try_advisory_lock(hashtext($1)) as held';

/**
 * Holds this run's lock for as long as it runs, after dropping the schemas of earlier runs that
 * ended without their teardown (a run killed, a machine stopped): their lock is free. Left there,
 * each run's dozens of schemas (tables and the job queue's) would pile up in the server's catalog
 * and slow every later run's migrations. A run still going (a second suite on the same server)
 * holds its lock, and its schemas are left alone.
 */
async function claimRun(prefix: string): Promise<pg.Client | undefined> {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname ~ '^test_[0-9a-f]{8}_'`);
  for (const earlier of new Set(rows.map((row) => row.nspname.slice(0, 'test_12345678_'.length)))) {
    const { rows: [lock] } = await client.query<{ held: boolean }>(RUN_LOCK, [earlier]);
    if (!lock?.held) continue;
    await dropSchemas(earlier);
    await client.query('select pg_advisory_unlock(hashtext($1))', [earlier]);
  }
  await client.query(RUN_LOCK, [prefix]);
  return client;
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
