import type { Context } from 'hono';
import type { Db } from '../db/db.ts';
import { countHits, type RateRule, ruleHits } from '../domain/sign-in/rate-limits.ts';
import { tooSoon } from '../domain/refusal.ts';
import { UNKNOWN_ADDRESS } from './client-address.ts';

/**
 * Counts this request against a rule, for its client address and each target (`email:…`,
 * `phone:…`, `customer:…`). Over a limit it answers the contract's TooSoon (429) with Retry-After
 * in seconds (the refusal carries it; the error handler's answer sets the header).
 */
export async function enforceRateLimit(c: Context, db: Db, rule: RateRule, targets: string[]): Promise<void> {
  const address = c.get('clientAddress') ?? UNKNOWN_ADDRESS;
  const verdict = await countHits(db, ruleHits(rule, `address:${address}`, targets));
  if (verdict.allowed) return;
  throw tooSoon(verdict.retryAfterSeconds * 1000);
}
