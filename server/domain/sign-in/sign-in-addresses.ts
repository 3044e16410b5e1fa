import type { Db } from '../../db/db.ts';
import { fromNow, now } from '../../clock.ts';
import { keyedHash } from './keyed-hash.ts';
import type { Account } from './sign-ins.ts';

/**
 * The client addresses an account signed in from by link or code, remembered (as keyed hashes) for
 * as long as a sign-in lasts after each one. A request for a login link or code from one of
 * them is the owner's, or someone's at the owner's address, so it is not counted against the
 * per-email limit (auth.ts), which anyone who knows the email can fill from other addresses.
 */
export const SIGN_IN_ADDRESS_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;

const accountKey = (account: Account) => ('customerId' in account ? `customer:${account.customerId}` : `tutor:${account.tutorId}`);

/** Remembers a sign-in from this address (undefined: a request that names none, which proves nothing). */
export async function rememberSignInAddress(db: Db, account: Account, address: string | undefined): Promise<void> {
  if (address === undefined) return;
  await db
    .insertInto('sign_in_addresses')
    .values({ account: accountKey(account), address_hash: await keyedHash(db, address), signed_in_at: now() })
    .onConflict((oc) => oc.columns(['account', 'address_hash']).doUpdateSet({ signed_in_at: now() }))
    .execute();
}

/** Whether the account signed in from this address within SIGN_IN_ADDRESS_DAYS. */
export async function signedInFrom(db: Db, account: Account, address: string | undefined): Promise<boolean> {
  if (address === undefined) return false;
  const row = await db
    .selectFrom('sign_in_addresses')
    .select('account')
    .where('account', '=', accountKey(account))
    .where('address_hash', '=', await keyedHash(db, address))
    .where('signed_in_at', '>', fromNow(-SIGN_IN_ADDRESS_DAYS * DAY_MS))
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the addresses not signed in from for SIGN_IN_ADDRESS_DAYS (the hourly purge). */
export async function purgeSignInAddresses(db: Db): Promise<number> {
  const deleted = await db.deleteFrom('sign_in_addresses').where('signed_in_at', '<=', fromNow(-SIGN_IN_ADDRESS_DAYS * DAY_MS)).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
