import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * What the in-memory caches (answer-cache.ts) depend on, as topics of the tables they read. A
 * write to one of these tables, on this instance or any other sharing the database, makes every
 * answer of its topics stale.
 */
export const TOPICS_OF_TABLE: Record<string, readonly Topic[]> = {
  courses: ['catalog', 'availability'],
  prices: ['catalog'],
  packages: ['catalog'],
  tutors: ['catalog', 'availability'],
  offerings: ['catalog', 'availability'],
  slots: ['availability'],
  meetings: ['availability'],
  reservations: ['availability'],
  tutor_days_off: ['availability'],
  embed_origins: ['embed'],
};

/** `embed`: the sites allowed to embed the booking widget (cache/embed-origins.ts). */
export type Topic = 'catalog' | 'availability' | 'embed';

/** The PostgreSQL channel the database's triggers (migration 012) notify, with the table as payload. */
export const CHANGES_CHANNEL = 'data_changed';

/**
 * A generation number per topic, raised by every change this process hears of. A cached answer
 * remembers the generation it was computed at and is used only while that is still current.
 *
 * It hears of changes two ways:
 * - at once, from the writes this process sends (the Kysely plugin below), so a call that
 *   booked a seat is followed by an answer without it, with no wait;
 * - after each commit, from the triggers' NOTIFY, on every instance (this one too). This also
 *   covers the one case the first way cannot: an answer computed by another connection while
 *   this process's write was not yet committed.
 */
export class DataChanges {
  private readonly generations: Record<Topic, number> = { catalog: 0, availability: 0, embed: 0 };
  /** Whether other instances' changes reach this process now; while not, nothing may be cached. */
  private hearing = true;
  /** Told of every table written (from the feed too) and of the feed's reconnection ('all'). */
  private readonly listeners: ((tables: string[] | 'all') => void)[] = [];

  /** Calls `listener` with the tables each change names (schema.table or table), or 'all' after a gap. */
  listen(listener: (tables: string[] | 'all') => void): void {
    this.listeners.push(listener);
  }

  /** Whether an answer computed now may be kept: false while the change feed is down. */
  get canCache(): boolean {
    return this.hearing;
  }

  /** The change feed connected (true) or was lost (false); either way, what is cached is dropped. */
  feedConnected(up: boolean): void {
    this.hearing = up;
    this.everythingChanged();
    // What was committed while the feed was down was never heard of.
    if (up) for (const listener of this.listeners) listener('all');
  }

  generation(topic: Topic): number {
    return this.generations[topic];
  }

  /** Tables written (their names, in any schema): each of their topics moves on. */
  tablesChanged(tables: Iterable<string>): void {
    const names = [...tables];
    for (const table of names) {
      for (const topic of TOPICS_OF_TABLE[table.split('.').pop()!] ?? []) this.generations[topic] += 1;
    }
    for (const listener of this.listeners) listener(names);
  }

  /** Anything may have changed (the change feed was interrupted, or the clock moved). */
  everythingChanged(): void {
    for (const topic of Object.keys(this.generations) as Topic[]) this.generations[topic] += 1;
  }
}

/**
 * Columns no cached answer reads, by table (migration 012's triggers leave them out too): an
 * update that sets only these changes nothing cached.
 */
const UNREAD_COLUMNS: Record<string, ReadonlySet<string>> = {
  meetings: new Set(['notes', 'calendar_sequence', 'notified_sequence', 'moved_from']),
  tutors: new Set(['calendar_token_hash', 'calendar_token_created_at']),
};

type Node = { kind?: string; [key: string]: unknown };

/** A table name from a TableNode, or an AliasNode around one. */
function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  if (n?.kind !== 'TableNode') return undefined;
  return (n.table as { identifier?: { name?: string } }).identifier?.name;
}

/** The tables a write statement changes: its target, and those of writes in its WITH clauses. */
function tablesWritten(node: Node, found = new Set<string>()): Set<string> {
  const targets =
    node.kind === 'InsertQueryNode' ? [node.into]
    : node.kind === 'UpdateQueryNode' ? [node.table]
    : node.kind === 'DeleteQueryNode' ? ((node.from as Node | undefined)?.froms as unknown[] | undefined) ?? []
    : node.kind === 'MergeQueryNode' ? [node.into]
    : [];
  for (const target of targets) {
    const table = tableName(target);
    if (!table) continue;
    const unread = UNREAD_COLUMNS[table];
    const columns = node.kind === 'UpdateQueryNode' ? ((node.updates as Node[] | undefined) ?? []).map((u) => ((u.column as Node)?.column as { name?: string })?.name ?? '') : [];
    if (unread && columns.length > 0 && columns.every((column) => unread.has(column))) continue;
    found.add(table);
  }
  const ctes = ((node.with as Node | undefined)?.expressions as Node[] | undefined) ?? [];
  for (const cte of ctes) if (cte.expression) tablesWritten(cte.expression as Node, found);
  return found;
}

/** A raw SQL statement's tables, when it is a write (`sql` templates: migrations, locks, scripts). */
function tablesInRawWrite(node: OperationNode): Set<string> {
  const text = ((node as { sqlFragments?: readonly string[] }).sqlFragments ?? []).join(' ');
  if (!/^\s*(insert|update|delete|merge|truncate|with)\b/i.test(text)) return new Set();
  return new Set(Object.keys(TOPICS_OF_TABLE).filter((table) => new RegExp(`\\b${table}\\b`, 'i').test(text)));
}

/**
 * The cached tables an API request wrote (the app's middleware opens one per request): once the
 * request is done, and so its transactions committed, they are told again. A write is told when
 * its statement runs, which is before its commit: an answer another connection computed in
 * between, from the rows as they were, would otherwise stay until the commit's NOTIFY reached
 * this process, and the client that just booked could read its seat as free.
 */
export const requestWrites = new AsyncLocalStorage<Set<string>>();

/** Tells `changes` of every write this Kysely instance sends, once the statement has run. */
export function watchWrites(changes: DataChanges): KyselyPlugin {
  const pending = new WeakMap<object, Set<string>>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const tables = node.kind === 'RawNode' ? tablesInRawWrite(node) : node.kind === 'SelectQueryNode' ? undefined : tablesWritten(node as Node);
      if (tables?.size) pending.set(queryId, tables);
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const tables = pending.get(queryId);
      // A write that matched no row (a conditional update, a sweep with nothing to do) changed nothing.
      const changedRows = result.rows.length > 0 || (result.numAffectedRows ?? 1n) > 0n;
      if (tables && changedRows) {
        changes.tablesChanged(tables);
        const written = requestWrites.getStore();
        if (written) for (const table of tables) written.add(table);
      }
      return result;
    },
  };
}
