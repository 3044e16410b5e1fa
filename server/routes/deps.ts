import { AnswerCache } from '../cache/answer-cache.ts';
import type { DataChanges } from '../cache/data-changes.ts';
import type { EmbedOriginsStore } from '../domain/catalog/embed-origins.ts';
import type { Db } from '../domain/handle.ts';
import type { MeetingServices } from '../domain/meetings/meeting-changes.ts';
import type { SignInFloors } from '../http/even-timing.ts';
import type { Sender } from '../domain/sign-in/outgoing.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { PhotoStore } from '../photo-store/store.ts';

/** What the route files are built with: one object, so that each takes what its calls need. */
export interface RouteDeps extends MeetingServices {
  db: Db;
  payments: PaymentProvider;
  siteUrl: string;
  log: (line: string) => void;
  changes: DataChanges;
  caches: AnswerCaches;
  /** Where emails and texts go. */
  sender: Sender;
  signInFloors?: SignInFloors;
  /** Where uploaded tutor photos are kept; with the demo's seed photos, which count as a photo for onboarding. */
  photos: PhotoStore;
  seedPhotoDir?: string;
  payPeriodFirstDay: string;
  embedOrigins: EmbedOriginsStore;
}

/** The answers kept in memory, shared by the route files whose calls read the same tables. */
export interface AnswerCaches {
  /** Courses, prices and tutors (GET /api/courses, /api/prices, /api/tutors). */
  catalog: AnswerCache;
  /** Searched availability (GET /api/slots, /api/meetings). */
  availability: AnswerCache;
}

/**
 * Searched availability is kept in memory until a booking, a hold's release or an availability
 * change (on any instance: cache/data-changes.ts), or until a meeting in it starts. A hold that
 * runs out changes no row, so answers are kept 5 s at most: a seat it frees shows within that.
 */
const AVAILABILITY_MAX_AGE_MS = 5000;

export function answerCaches(changes: DataChanges): AnswerCaches {
  return {
    catalog: new AnswerCache(changes, { topics: ['catalog'], maxAgeMs: 5 * 60_000, maxEntries: 8, maxBytes: 16 * 1024 * 1024 }),
    availability: new AnswerCache(changes, { topics: ['availability'], maxAgeMs: AVAILABILITY_MAX_AGE_MS, maxEntries: 500, maxBytes: 64 * 1024 * 1024 }),
  };
}

/**
 * Catalog answers are the same for every visitor: a browser revalidates after 10 s (a 304 when
 * nothing changed), and a shared cache may keep it as long. A new tutor or offering is on this
 * instance at once, on the others when their change feed hears of it, and everywhere after those 10 s.
 */
export const PUBLIC_CATALOG = 'public, max-age=10';

/** When the earliest meeting of an availability answer starts, and so leaves it. */
export function firstStartMs(epochs: number[]): number | undefined {
  // A loop, not Math.min(...epochs): a busy course's answer could pass the arguments' limit.
  let first = Infinity;
  for (const epoch of epochs) if (epoch < first) first = epoch;
  return first === Infinity ? undefined : first * 1000;
}

/**
 * Availability changes with every booking, so browsers and proxies revalidate it every time (a
 * 304 when it has not changed since they last read it).
 */
export const AVAILABILITY_CACHE = 'no-cache';
