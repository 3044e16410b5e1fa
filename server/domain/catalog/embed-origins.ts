import { sql } from 'kysely';
import type { EmbedOrigins } from '../../../src/contract/entities.ts';
import { checkOriginList } from '../../../src/lib/embed-origins.ts';
import type { Db } from '../../db/db.ts';
import { Refusal } from '../refusal.ts';

/** Serialises replacements of the list, so that of two at once the later one is the list (not their union). */
const EMBED_ORIGINS_LOCK_KEY = 4_024;

/**
 * The sites allowed to embed the booking widget (docs/decisions/020-embedding.md). The embed
 * page's frame-ancestors names them (server/http/security-headers.ts, through the cache of
 * server/cache/embed-origins.ts); an empty list means no other site.
 */

/** The stored origins, sorted by code unit (the same order on PGlite and PostgreSQL, whatever their collation). */
export async function listEmbedOrigins(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('embed_origins').select('origin').execute();
  return rows.map((row) => row.origin).sort();
}

/**
 * Replaces the whole list with `typed` (normalised and checked by src/lib/embed-origins.ts). An
 * origin kept keeps who added it and when; a new one is recorded as added by `supervisorId` at
 * `at`. Refuses with BadEmbedOrigin, naming the entry as typed, before anything changes.
 */
export async function replaceEmbedOrigins(db: Db, typed: readonly string[], supervisorId: number, at: Date): Promise<EmbedOrigins> {
  const checked = checkOriginList(typed);
  if (!checked.ok) throw new Refusal('BadEmbedOrigin', { origin: checked.origin, ...(checked.max === undefined ? {} : { max: checked.max }) });
  const wanted = checked.origins;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${EMBED_ORIGINS_LOCK_KEY}::bigint)`.execute(trx);
    if (wanted.length === 0) await trx.deleteFrom('embed_origins').execute();
    else await trx.deleteFrom('embed_origins').where('origin', 'not in', wanted).execute();
    if (wanted.length > 0) {
      await trx
        .insertInto('embed_origins')
        .values(wanted.map((origin) => ({ origin, added_by: supervisorId, added_at: at })))
        .onConflict((oc) => oc.column('origin').doNothing())
        .execute();
    }
  });
  return { origins: await listEmbedOrigins(db) };
}

/** The list's two operations over one database, for the routes (which hold no database handle: decision 018). */
export interface EmbedOriginsStore {
  list(): Promise<string[]>;
  replace(typed: readonly string[], supervisorId: number, at: Date): Promise<EmbedOrigins>;
}

export function embedOriginsStore(db: Db): EmbedOriginsStore {
  return { list: () => listEmbedOrigins(db), replace: (typed, supervisorId, at) => replaceEmbedOrigins(db, typed, supervisorId, at) };
}
