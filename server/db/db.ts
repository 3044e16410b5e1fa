import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The database as every layer's queries take it (server/start/database.ts opens it). */
export type Db = Kysely<Database>;

/** Where the job queue (server/jobs/runner.ts) connects: the same PGlite, or the same server and schema. */
export type JobStore = { pglite: PGlite } | { databaseUrl: string; schema?: string };
