import type { Db } from '../db/db.ts';
import { fromNow, now } from '../clock.ts';
import { SIGN_IN_IDLE_DAYS } from './sign-in/sign-ins.ts';
import { purgeSignInAddresses } from './sign-in/sign-in-addresses.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How long spent or lapsed records are kept. Login links and codes live minutes, but a day of
 * codes is what the daily cap on failed code checks counts (auth.ts). Stripe retries a webhook for
 * three days, so a month of handled event ids still catches every retry. The outbox is the demo's
 * mail store (and where texts go until an SMS provider is wired): nothing reads it after a month.
 */
export const KEEP_SIGN_IN_SECRETS_MS = DAY_MS;
export const KEEP_WEBHOOK_EVENTS_MS = 30 * DAY_MS;
export const KEEP_OUTBOX_MS = 30 * DAY_MS;
/**
 * Delivered (or given up) messages of the queue: a month, like the outbox. Their dedupe keys only
 * matter while their event can recur: a reminder's key names its meeting's start, which is past.
 */
export const KEEP_NOTIFICATIONS_MS = 30 * DAY_MS;

export interface Purged {
  signIns: number;
  loginTokens: number;
  verificationCodes: number;
  webhookEvents: number;
  outbox: number;
  notifications: number;
  signInAddresses: number;
}

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Deletes what can no longer be used or is no longer needed. Idempotent; safe on several instances. */
export async function purgeExpiredData(db: Db): Promise<Purged> {
  const signIns = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now()), eb('last_used_at', '<=', fromNow(-SIGN_IN_IDLE_DAYS * DAY_MS))]))
    .executeTakeFirst();
  const signInCutoff = fromNow(-KEEP_SIGN_IN_SECRETS_MS);
  const loginTokens = await db
    .deleteFrom('login_tokens')
    .where('created_at', '<', signInCutoff)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now())]))
    .executeTakeFirst();
  const verificationCodes = await db
    .deleteFrom('verification_codes')
    .where('created_at', '<', signInCutoff)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now())]))
    .executeTakeFirst();
  const webhookEvents = await db.deleteFrom('webhook_events').where('received_at', '<', fromNow(-KEEP_WEBHOOK_EVENTS_MS)).executeTakeFirst();
  const outbox = await db.deleteFrom('outbox').where('created_at', '<', fromNow(-KEEP_OUTBOX_MS)).executeTakeFirst();
  const notifications = await db
    .deleteFrom('notifications')
    .where('status', 'in', ['sent', 'refused', 'failed'])
    .where('created_at', '<', fromNow(-KEEP_NOTIFICATIONS_MS))
    .executeTakeFirst();
  const signInAddresses = await purgeSignInAddresses(db);
  return {
    notifications: count(notifications),
    signInAddresses,
    signIns: count(signIns),
    loginTokens: count(loginTokens),
    verificationCodes: count(verificationCodes),
    webhookEvents: count(webhookEvents),
    outbox: count(outbox),
  };
}
