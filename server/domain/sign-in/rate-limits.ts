import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { fromNow, now, nowMs } from '../../clock.ts';
import { keyedHash } from './keyed-hash.ts';

/** At most `max` requests in a fixed window of `seconds`. */
export interface RateWindow {
  max: number;
  seconds: number;
}

/** One call's limits: per client address, and per target (the email, phone or customer it aims at). */
export interface RateRule {
  name: string;
  perAddress: RateWindow;
  perTarget: RateWindow;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Every anti-automation limit, in one place. Per address, they must leave room for a family or a
 * school behind one shared address (and for the whole end-to-end suite, which runs from
 * 127.0.0.1); per target, they bound what a script can do to one person however many addresses
 * it has. Each counts every attempt, known address or not, so hitting a limit tells nothing about
 * who has an account.
 */
export const RATE_LIMITS = {
  /**
   * POST /api/login. Per email: 5 links sent in 15 minutes, so an inbox is not flooded with links
   * (the one such limit), counted for unknown addresses too. It never stands in the owner's way
   * (auth.ts): past it, while a link sent is still unused, the answer is the usual success without
   * another email; and a request from an address the account signed in from is not counted.
   * Per address: 30 in 15 minutes, a classroom signing in at once; an enumerating script gets 120
   * guesses an hour.
   */
  loginLink: { name: 'login-link', perAddress: { max: 30, seconds: 15 * MINUTE }, perTarget: { max: 5, seconds: 15 * MINUTE } },
  /**
   * POST /api/verification. Texts cost money and can be sent to a phone typed into the contact
   * form, so fewer: 20 per address and 5 per email (its phone) in 15 minutes, on top of the one
   * code a minute per account of sendLoginCode. As for links, a request from an address the
   * account signed in from is not counted per email.
   */
  loginCode: { name: 'login-code', perAddress: { max: 20, seconds: 15 * MINUTE }, perTarget: { max: 5, seconds: 15 * MINUTE } },
  /**
   * POST /api/customers (the booking flow's contact form; AlreadyExists tells whether an email or
   * phone has an account). 20 new accounts an hour per address (a school's shared address on a
   * sign-up day), 5 attempts an hour per email and per phone.
   */
  newCustomer: { name: 'new-customer', perAddress: { max: 20, seconds: HOUR }, perTarget: { max: 5, seconds: HOUR } },
  /**
   * POST /api/payments and /api/subscriptions: each starts a checkout that holds seats. 20 an hour
   * per customer is far more than anyone books by hand (a retry answers the same intent but still
   * counts); 60 an hour per address covers a household or a school office booking for many.
   */
  booking: { name: 'booking', perAddress: { max: 60, seconds: HOUR }, perTarget: { max: 20, seconds: HOUR } },
  /**
   * Failed checks of texted codes (auth.ts counts only failures, and checks before each try). Per
   * address the "address" is the account together with the client address: 20 a day, so one
   * address guesses little at a 7-digit code, and a stranger burning them does not lock out the
   * owner at another address; per target (the account) 100 a day from all addresses together.
   */
  codeFailures: { name: 'code-failures', perAddress: { max: 20, seconds: DAY }, perTarget: { max: 100, seconds: DAY } },
} as const satisfies Record<string, RateRule>;

/**
 * Customers whose unpaid checkouts may hold seats from one client address at once. A school's
 * shared address has a classroom booking together and a household or a carrier's NAT a few, so
 * 10; a script with throwaway accounts still cannot hold more than 10 checkouts' seats from one
 * address. A new customer's checkout past it is refused (TooSoon) until the earliest of those
 * holds runs out or is paid; nobody's hold is ever given up for someone else's checkout.
 */
export const HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS = 10;

/** One request counted against one window: `key` is the address or target in the clear. */
export interface RateHit {
  bucket: string;
  key: string;
  window: RateWindow;
}

/** 0 when every window still has room, else the seconds until the last full one starts over. */
export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** The hits of one request against a rule's per-target windows only. */
export function targetHits(rule: RateRule, targets: string[]): RateHit[] {
  return targets.map((target) => ({ bucket: `${rule.name}:target`, key: target, window: rule.perTarget }));
}

/** The hits of one request against a rule: its client address and each of its targets. */
export function ruleHits(rule: RateRule, address: string, targets: string[]): RateHit[] {
  return [{ bucket: `${rule.name}:address`, key: address, window: rule.perAddress }, ...targetHits(rule, targets)];
}

/**
 * Counts one request against each window and says whether it is within all of them. One statement
 * (insert … on conflict do update … returning) counts and reads every window atomically, so
 * concurrent requests on any number of server instances cannot both take the last place. A window
 * starts at its first hit and lasts its length; a window that ends further away than a fresh one
 * would (the clock was set back) starts over too. Every hit counts, refused ones as well.
 */
export async function countHits(db: Db, hits: RateHit[]): Promise<RateVerdict> {
  if (hits.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const rows = await Promise.all(
    hits.map(async (hit) => ({
      bucket: hit.bucket,
      key_hash: await keyedHash(db, hit.key),
      hits: 1,
      window_ends: fromNow(hit.window.seconds * 1000),
    })),
  );
  // One row once per statement (Postgres refuses to update a row twice in one), in one order so
  // that two requests locking the same rows cannot deadlock.
  const unique = [...new Map(rows.map((row) => [`${row.bucket}\u0000${row.key_hash}`, row])).values()].sort((a, b) =>
    a.bucket === b.bucket ? a.key_hash.localeCompare(b.key_hash) : a.bucket.localeCompare(b.bucket),
  );
  const startsOver = sql<boolean>`(rate_limits.window_ends <= ${now()} or rate_limits.window_ends > excluded.window_ends)`;
  const counted = await db
    .insertInto('rate_limits')
    .values(unique)
    .onConflict((oc) =>
      oc.columns(['bucket', 'key_hash']).doUpdateSet({
        hits: sql<number>`case when ${startsOver} then 1 else rate_limits.hits + 1 end`,
        window_ends: sql<Date>`case when ${startsOver} then excluded.window_ends else rate_limits.window_ends end`,
      }),
    )
    .returning(['bucket', 'key_hash', 'hits', 'window_ends'])
    .execute();

  const maxOf = new Map(hits.map((hit) => [hit.bucket, hit.window.max]));
  const full = counted.filter((row) => row.hits > (maxOf.get(row.bucket) ?? Infinity));
  if (full.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const retryAfterMs = Math.max(...full.map((row) => new Date(row.window_ends).getTime() - nowMs()));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/**
 * Whether any of these windows is already full (`max` hits or more, not yet ended), without
 * counting a hit: for limits that count only some outcomes (a failed check) but refuse every try
 * once full. The caller serialises the check and the later countHits (say, by a row lock).
 */
export async function windowsFull(db: Db, hits: RateHit[]): Promise<boolean> {
  for (const hit of hits) {
    const row = await db
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', hit.bucket)
      .where('key_hash', '=', await keyedHash(db, hit.key))
      .where('window_ends', '>', now())
      .executeTakeFirst();
    if (row && row.hits >= hit.window.max) return true;
  }
  return false;
}

/** Deletes the windows that have ended (a periodic task); a later hit starts a fresh one anyway. */
export async function purgeRateLimits(db: Db): Promise<number> {
  const deleted = await db.deleteFrom('rate_limits').where('window_ends', '<=', now()).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
