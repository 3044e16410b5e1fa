import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type ChangeFeed, listenToPGlite, listenToPostgres } from '../cache/change-feed.ts';
import { DataChanges, watchWrites } from '../cache/data-changes.ts';
import { migrateToLatest } from '../db/migrations.ts';
import type { Database } from '../db/schema.ts';
import type { Db, JobStore } from '../db/db.ts';

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the job queue (server/jobs/runner.ts) connects: the same PGlite, or the same server and schema. */
  jobStore: JobStore;
  /** The writes to the cached tables, from this process and every other (server/cache/). */
  changes: DataChanges;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** A PostgreSQL server; `schema` puts every table in that schema (tests use one per file). */
  | { databaseUrl: string; schema?: string; poolSize?: number }
  /** Embedded PGlite with its data in this folder. */
  | { dataDir: string }
  /** An already-open PGlite (tests load one from a migrated snapshot). */
  | { pglite: PGlite };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle = 'databaseUrl' in target ? openPostgres(target) : await openPGlite(target);
  try {
    if ('databaseUrl' in target && target.schema) {
      await sql`create schema if not exists ${sql.id(target.schema)}`.execute(handle.db);
    }
    await migrateToLatest(handle.db as Kysely<unknown>, 'databaseUrl' in target ? target.schema : undefined);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(target: { databaseUrl: string; schema?: string; poolSize?: number }): DatabaseHandle {
  const connection = { connectionString: target.databaseUrl, ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}) };
  const pool = new pg.Pool({ ...connection, max: target.poolSize ?? 10 });
  const changes = new DataChanges();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [watchWrites(changes)] });
  const feed = listenToPostgres(connection, target.schema, changes);
  return {
    db,
    kind: 'postgres',
    jobStore: { databaseUrl: target.databaseUrl, schema: target.schema },
    changes,
    close: async () => {
      await feed.close();
      await db.destroy();
    },
  };
}

async function openPGlite(target: { dataDir: string } | { pglite: PGlite }): Promise<DatabaseHandle> {
  if ('dataDir' in target) mkdirSync(target.dataDir, { recursive: true });
  const pglite = 'pglite' in target ? target.pglite : await PGlite.create(target.dataDir);
  const changes = new DataChanges();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [watchWrites(changes)] });
  const feed: ChangeFeed = await listenToPGlite(pglite, changes);
  return {
    db,
    kind: 'pglite',
    jobStore: { pglite },
    changes,
    close: async () => {
      await feed.close();
      // Kysely's destroy closes the PGlite instance it was given.
      await db.destroy();
    },
  };
}
