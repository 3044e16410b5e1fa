import type { TutorRole } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { hashSecret, newSecret } from './tokens.ts';
import { fromNow, now, nowMs } from '../../clock.ts';

// A sign-in is one browser's hold on an account: a row of the `sessions` table whose secret is in
// the `sid` (or the widget frame's `esid`) cookie. The server says "sign-in" for it, so that
// "session" is never read as a tutoring session (which the server calls a meeting).

/** A sign-in ends this long after it started, however much it is used. */
export const SIGN_IN_DAYS = 30;
/** …and earlier when it has not been used for this long. */
export const SIGN_IN_IDLE_DAYS = 7;
/** The last use is written at most this often per sign-in, so a request costs no write. */
export const LAST_USE_PRECISION_MS = 3600 * 1000;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Who a request speaks for, resolved from its sign-in cookie. A customer's sign-in is `proven`
 * unless the booking contact form opened it (see account-proof.ts): such a sign-in pays only with
 * a card typed in, never with the card on file.
 */
export type Auth =
  | { userType: 'customer'; customerId: number; firstname: string; proven: boolean }
  | { userType: 'tutor'; tutorId: number; name: string; role: TutorRole };

export type Account = { customerId: number } | { tutorId: number };

/** How the sign-in's account was reached: a login link or code, or the contact form. */
export type SignInProof = 'proven' | 'unproven';

/** Starts a sign-in and returns the secret that goes in the cookie. */
export async function startSignIn(db: Db, account: Account, proof: SignInProof = 'proven'): Promise<string> {
  const secret = newSecret();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSecret(secret),
      customer_id: 'customerId' in account ? account.customerId : null,
      tutor_id: 'tutorId' in account ? account.tutorId : null,
      proven: proof === 'proven',
      expires_at: fromNow(SIGN_IN_DAYS * DAY_MS),
      last_used_at: now(),
      created_at: now(),
    })
    .execute();
  return secret;
}

/** The sign-in's account, or null when it is unknown, past its 30 days or idle for 7. */
export async function findSignIn(db: Db, secret: string): Promise<Auth | null> {
  const idHash = hashSecret(secret);
  const row = await db
    .selectFrom('sessions')
    .leftJoin('customers', 'customers.id', 'sessions.customer_id')
    .leftJoin('tutors', 'tutors.id', 'sessions.tutor_id')
    .select([
      'sessions.customer_id',
      'sessions.tutor_id',
      'sessions.proven',
      'sessions.last_used_at',
      'customers.firstname',
      'tutors.name',
      'tutors.role',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now())
    .where('sessions.last_used_at', '>', fromNow(-SIGN_IN_IDLE_DAYS * DAY_MS))
    .executeTakeFirst();
  if (!row) return null;
  if (nowMs() - new Date(row.last_used_at).getTime() >= LAST_USE_PRECISION_MS) {
    // The condition keeps parallel requests of one sign-in to a single write.
    await db
      .updateTable('sessions')
      .set({ last_used_at: now() })
      .where('id_hash', '=', idHash)
      .where('last_used_at', '<=', fromNow(-LAST_USE_PRECISION_MS))
      .execute();
  }
  if (row.customer_id !== null) {
    return { userType: 'customer', customerId: row.customer_id, firstname: row.firstname ?? '', proven: row.proven };
  }
  // An archived tutor's sign-ins are deleted when archived; one started by a sign-in that raced
  // the archiving is refused here all the same.
  if (row.tutor_id !== null && row.role && row.role !== 'Archived') {
    return { userType: 'tutor', tutorId: row.tutor_id, name: row.name ?? '', role: row.role };
  }
  return null;
}

/** The Auth of an account that just signed in by link or code (names and role for the answer). */
export async function findSignInAccount(db: Db, account: Account): Promise<Auth> {
  if ('customerId' in account) {
    const row = await db.selectFrom('customers').select('firstname').where('id', '=', account.customerId).executeTakeFirstOrThrow();
    return { userType: 'customer', customerId: account.customerId, firstname: row.firstname, proven: true };
  }
  const row = await db.selectFrom('tutors').select(['name', 'role']).where('id', '=', account.tutorId).executeTakeFirstOrThrow();
  return { userType: 'tutor', tutorId: account.tutorId, name: row.name, role: row.role };
}

/** Ends a sign-in (signing out): its row is deleted, so its cookie opens nothing. */
export async function endSignIn(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashSecret(secret)).execute();
}
