import { nowMs } from '../clock.ts';
import type { DataChanges } from './data-changes.ts';

/**
 * How long the list of sites allowed to embed is used before it is read again, at most. The change
 * triggers (migration 024) usually tell every instance at once; this bounds the wait when one
 * instance's change feed is slow or down (decision 020: effective within a minute).
 */
export const EMBED_ORIGINS_TTL_MS = 30_000;

export interface EmbedOriginsCacheOptions {
  /** Reads the stored list (server/domain/catalog/embed-origins.ts listEmbedOrigins). */
  read: () => Promise<string[]>;
  /** The writes this process hears of: a change to the `embed` topic drops the cached list at once. */
  changes?: DataChanges;
  ttlMs?: number;
  log?: (line: string) => void;
}

/**
 * The sites allowed to embed, from memory: every embed page's answer writes them into its
 * frame-ancestors, so the database is read once per TTL (or per change heard of), not per page.
 * Requests that find the list stale at once share one read. When the read fails, the last list
 * read (none at first: only our own pages may frame) is used until the next try, a TTL later.
 */
export function embedOriginsCache({ read, changes, ttlMs = EMBED_ORIGINS_TTL_MS, log = console.log }: EmbedOriginsCacheOptions): () => Promise<string[]> {
  let cached: { origins: string[]; readAtMs: number; generation: number } | undefined;
  let pending: Promise<string[]> | undefined;

  async function refresh(generation: number): Promise<string[]> {
    let origins: string[];
    try {
      origins = await read();
    } catch (error) {
      log(`embed origins not read: ${error instanceof Error ? error.message : String(error)}`);
      origins = cached?.origins ?? [];
    }
    cached = { origins, readAtMs: nowMs(), generation };
    return origins;
  }

  return async () => {
    // Taken before the read starts: a change heard of while it runs makes the next call read again.
    const generation = changes?.generation('embed') ?? 0;
    const age = cached ? nowMs() - cached.readAtMs : Infinity;
    // A clock set back (tests, the demo clock's reset) counts as stale too.
    if (cached && cached.generation === generation && age >= 0 && age < ttlMs) return cached.origins;
    pending ??= refresh(generation).finally(() => (pending = undefined));
    return pending;
  };
}
