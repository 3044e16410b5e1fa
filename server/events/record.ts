/**
 * Writes and reads event rows (the `events` table, migration 027). A change records its events
 * with its own transaction, so an event exists exactly when its change committed; the row's insert
 * trigger wakes the message relay on every instance (server/notify/messenger.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { now } from '../clock.ts';
import type { DomainEvent, RecordedEvent } from './kinds.ts';

/** Fields that hold times: ISO text in the row, Dates in the event. */
const TIME_FIELDS = new Set(['start', 'previousStart', 'retryAt', 'expiresAt']);

/** Records events in the caller's transaction. */
export async function recordEvents(db: Kysely<Database>, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('events')
    .values(events.map(({ kind, ...facts }) => ({ kind, facts: JSON.stringify(facts), occurred_at: now() })))
    .execute();
}

export const recordEvent = (db: Kysely<Database>, event: DomainEvent) => recordEvents(db, [event]);

/** An event row back as the typed event (its times as Dates again). */
export function readEvent(row: { id: string | number; kind: string; facts: unknown; occurred_at: Date | string }): RecordedEvent {
  const text = typeof row.facts === 'string' ? row.facts : JSON.stringify(row.facts);
  const facts = JSON.parse(text, (key, value) => (TIME_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value));
  return { ...facts, kind: row.kind, id: String(row.id), occurredAt: new Date(row.occurred_at) } as RecordedEvent;
}
