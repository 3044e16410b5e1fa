import type { TutorRole } from '../../src/contract/entities.ts';
import type { Db } from '../db/connection.ts';
import { hashSecret, newSecret } from './tokens.ts';
import { fromNow, now } from '../clock.ts';

export const SESSION_DAYS = 30;

/** Who a request speaks for, resolved from its session cookie. */
export type Auth =
  | { userType: 'customer'; customerId: number; firstname: string }
  | { userType: 'tutor'; tutorId: number; name: string; role: TutorRole };

export type Account = { customerId: number } | { tutorId: number };

/** Starts a session and returns the secret that goes in the cookie. */
export async function startSession(db: Db, account: Account): Promise<string> {
  const secret = newSecret();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSecret(secret),
      customer_id: 'customerId' in account ? account.customerId : null,
      tutor_id: 'tutorId' in account ? account.tutorId : null,
      expires_at: fromNow(SESSION_DAYS * 24 * 3600 * 1000),
    })
    .execute();
  return secret;
}

export async function findSession(db: Db, secret: string): Promise<Auth | null> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('customers', 'customers.id', 'sessions.customer_id')
    .leftJoin('tutors', 'tutors.id', 'sessions.tutor_id')
    .select([
      'sessions.customer_id',
      'sessions.tutor_id',
      'customers.firstname',
      'tutors.name',
      'tutors.role',
    ])
    .where('sessions.id_hash', '=', hashSecret(secret))
    .where('sessions.expires_at', '>', now())
    .executeTakeFirst();
  if (!row) return null;
  if (row.customer_id !== null) {
    return { userType: 'customer', customerId: row.customer_id, firstname: row.firstname ?? '' };
  }
  if (row.tutor_id !== null && row.role) {
    return { userType: 'tutor', tutorId: row.tutor_id, name: row.name ?? '', role: row.role };
  }
  return null;
}

/** The Auth of an account that just signed in (names and role for the answer). */
export async function findSessionAccount(db: Db, account: Account): Promise<Auth> {
  if ('customerId' in account) {
    const row = await db.selectFrom('customers').select('firstname').where('id', '=', account.customerId).executeTakeFirstOrThrow();
    return { userType: 'customer', customerId: account.customerId, firstname: row.firstname };
  }
  const row = await db.selectFrom('tutors').select(['name', 'role']).where('id', '=', account.tutorId).executeTakeFirstOrThrow();
  return { userType: 'tutor', tutorId: account.tutorId, name: row.name, role: row.role };
}

export async function endSession(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashSecret(secret)).execute();
}
