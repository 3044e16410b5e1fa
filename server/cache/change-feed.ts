import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CHANGES_CHANNEL, type DataChanges } from './data-changes.ts';

/** How long a lost PostgreSQL listener waits before it connects again. */
const RECONNECT_MS = 1000;
/**
 * How often the listener asks its connection something. A connection cut without a word (a
 * network partition, a NAT's timeout) raises no error while it only listens; a query does.
 */
const HEARTBEAT_MS = 15_000;

export interface ChangeFeed {
  close(): Promise<void>;
}

/** PGlite delivers its own notifications once each statement or transaction commits. */
export async function listenToPGlite(pglite: PGlite, changes: DataChanges): Promise<ChangeFeed> {
  const unlisten = await pglite.listen(CHANGES_CHANNEL, (table) => changes.tablesChanged([table]));
  return { close: () => unlisten() };
}

/**
 * The table a notification names ('schema.table'), or undefined when it is another schema's. A
 * payload without a schema (from an instance before migration 014) counts as this schema's.
 */
export function tableOfOwnSchema(payload: string, schema: string): string | undefined {
  // The last dot: a schema's name may hold one, the tables' never do.
  const dot = payload.lastIndexOf('.');
  if (dot === -1) return payload;
  return payload.slice(0, dot) === schema ? payload.slice(dot + 1) : undefined;
}

/**
 * One connection per process LISTENs for the triggers' notifications, from every instance's
 * commits to its schema. Until it is connected, and while it is lost, nothing is cached (each
 * read computes its answer); a lost connection is opened again after a second.
 */
export function listenToPostgres(connection: pg.ClientConfig, configuredSchema: string | undefined, changes: DataChanges, log: (line: string) => void = console.log): ChangeFeed {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const heartbeat = setInterval(() => {
    const listening = client;
    listening?.query('select 1').catch(() => lost(listening));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function connect() {
    const next = new pg.Client({ ...connection, keepAlive: true });
    let schema = configuredSchema ?? 'public';
    next.on('notification', (message) => {
      const table = tableOfOwnSchema(message.payload ?? '', schema);
      if (table !== undefined) changes.tablesChanged([table]);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      // Without a configured schema, the one the search path writes to ("$user" or public).
      if (!configuredSchema) schema = (await next.query<{ schema: string | null }>('select current_schema() as schema')).rows[0]?.schema ?? schema;
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      log(`change feed: cannot listen (${error instanceof Error ? error.message : String(error)}); retrying`);
      lost(next);
      return;
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    changes.feedConnected(true);
  }

  function lost(which: pg.Client) {
    changes.feedConnected(false);
    if (client === which) client = undefined;
    which.removeAllListeners('end');
    which.end().catch(() => {});
    if (!closed && !retry) retry = setTimeout(() => ((retry = undefined), void connect()), RECONNECT_MS);
  }

  changes.feedConnected(false);
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      await client?.end().catch(() => {});
    },
  };
}
