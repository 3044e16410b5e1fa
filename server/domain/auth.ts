import { randomBytes } from 'node:crypto';
import { isStaffEmail, site } from '../../src/config/site.ts';
import type { UserType } from '../../src/contract/entities.ts';
import type { Db } from '../db/connection.ts';
import { Refusal } from './refusal.ts';
import type { Sender } from '../notify/sender.ts';
import type { Account } from './sessions.ts';
import { hashSecret, newCode, newSecret, sameHash } from './tokens.ts';
import { fromNow, now, nowMs } from '../clock.ts';

export const LINK_MINUTES = 15;
export const CODE_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_INTERVAL_SECONDS = 60;
/** Links per account per LINK_MINUTES: a guard against using the form to flood someone's inbox. */
export const LINKS_PER_WINDOW = 5;

const minutesFromNow = (minutes: number) => fromNow(minutes * 60_000);

interface FoundAccount {
  account: Account;
  email: string;
  phone: string;
}

/** Customers by email; tutors (not archived) by email. */
async function findAccount(db: Db, userType: UserType, email: string): Promise<FoundAccount | undefined> {
  if (userType === 'customer') {
    const row = await db.selectFrom('customers').select(['id', 'email', 'phone']).where('email', '=', email).executeTakeFirst();
    return row && { account: { customerId: row.id }, email: row.email, phone: row.phone };
  }
  const row = await db
    .selectFrom('tutors')
    .select(['id', 'email', 'phone'])
    .where('email', '=', email)
    .where('role', '!=', 'Archived')
    .executeTakeFirst();
  return row && { account: { tutorId: row.id }, email: row.email, phone: row.phone };
}

const ownerColumns = (account: Account) => ({
  customer_id: 'customerId' in account ? account.customerId : null,
  tutor_id: 'tutorId' in account ? account.tutorId : null,
});

/** Emails a single-use login link valid for 15 minutes. */
export async function sendLoginLink(db: Db, sender: Sender, siteUrl: string, userType: UserType, email: string): Promise<void> {
  const found = await findAccount(db, userType, email);
  if (!found) throw new Refusal('UserNotFound');
  const owner = ownerColumns(found.account);
  const recent = await db
    .selectFrom('login_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(owner.customer_id !== null ? 'customer_id' : 'tutor_id', '=', owner.customer_id ?? owner.tutor_id)
    .where('created_at', '>', fromNow(-LINK_MINUTES * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= LINKS_PER_WINDOW) throw new Refusal('TooSoon');

  const token = newSecret();
  await db
    .insertInto('login_tokens')
    .values({ ...owner, token_hash: hashSecret(token), expires_at: minutesFromNow(LINK_MINUTES), created_at: now() })
    .execute();
  const link = `${siteUrl}/login?token=${token}`;
  await sender.send({
    channel: 'email',
    to: found.email,
    subject: `Your ${site.brandName} login link`,
    text: `Click the link below to log in to ${site.brandName}. It works once, for the next ${LINK_MINUTES} minutes.\n\n${link}\n\nIf you did not ask for it, you can ignore this email.`,
    link,
  });
}

/** Spends a login link: unknown or already used → BadToken, expired → OldToken. */
export async function redeemLoginLink(db: Db, token: string): Promise<{ account: Account; userType: UserType }> {
  const row = await db
    .updateTable('login_tokens')
    .set({ used_at: now() })
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .returning(['customer_id', 'tutor_id', 'expires_at'])
    .executeTakeFirst();
  if (!row) throw new Refusal('BadToken');
  if (new Date(row.expires_at).getTime() < nowMs()) throw new Refusal('OldToken');
  return row.customer_id !== null
    ? { account: { customerId: row.customer_id }, userType: 'customer' }
    : { account: { tutorId: row.tutor_id! }, userType: 'tutor' };
}

function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${hashSecret(`${salt}:${code}`)}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = '', digest = ''] = stored.split(':');
  return sameHash(hashSecret(`${salt}:${code}`), digest);
}

/**
 * Texts a 7-digit login code to the phone of the account with this email (customers first, then
 * staff, whose emails are on the staff domain). At most one text per account every 60 seconds.
 */
export async function sendLoginCode(db: Db, sender: Sender, email: string): Promise<{ code_id: string; last_four_phone: string }> {
  const found = (await findAccount(db, isStaffEmail(email) ? 'tutor' : 'customer', email)) ?? (await findAccount(db, 'customer', email));
  if (!found) throw new Refusal('UserNotFound');
  const owner = ownerColumns(found.account);
  const code = newCode(7);
  const inserted = await db.transaction().execute(async (trx) => {
    // Locking the account's row makes the 60-second check and the insert one step per account,
    // so two requests at once cannot both send a text.
    if ('customerId' in found.account) {
      await trx.selectFrom('customers').select('id').where('id', '=', found.account.customerId).forUpdate().execute();
    } else {
      await trx.selectFrom('tutors').select('id').where('id', '=', found.account.tutorId).forUpdate().execute();
    }
    const recent = await trx
      .selectFrom('verification_codes')
      .select('id')
      .where(owner.customer_id !== null ? 'customer_id' : 'tutor_id', '=', owner.customer_id ?? owner.tutor_id)
      .where('created_at', '>', fromNow(-CODE_INTERVAL_SECONDS * 1000))
      .executeTakeFirst();
    if (recent) return undefined;
    return trx
      .insertInto('verification_codes')
      .values({ ...owner, id: newSecret(16), code_hash: hashCode(code), expires_at: minutesFromNow(CODE_MINUTES), created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  if (!inserted) throw new Refusal('TooSoon');
  await sender.send({
    channel: 'sms',
    to: found.phone,
    subject: '',
    text: `${code} is your ${site.brandName} login code. It expires in ${CODE_MINUTES} minutes.`,
  });
  return { code_id: inserted.id, last_four_phone: found.phone.slice(-4) };
}

/**
 * Checks a texted code. Each check spends one of five tries; a right code is spent at once.
 * Unknown id or wrong code → BadCode; used or expired → OldCode; tries used up → TooManyAttempts.
 */
export async function redeemLoginCode(db: Db, codeId: string, code: string): Promise<{ account: Account; userType: UserType }> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .returning(['code_hash', 'attempts', 'used_at', 'expires_at', 'customer_id', 'tutor_id'])
    .executeTakeFirst();
  if (!row) throw new Refusal('BadCode');
  if (row.used_at !== null || new Date(row.expires_at).getTime() < nowMs()) throw new Refusal('OldCode');
  if (row.attempts > CODE_MAX_ATTEMPTS) throw new Refusal('TooManyAttempts');
  if (!codeMatches(code.trim(), row.code_hash)) throw new Refusal('BadCode');
  const spent = await db
    .updateTable('verification_codes')
    .set({ used_at: now() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw new Refusal('OldCode');
  return row.customer_id !== null
    ? { account: { customerId: row.customer_id }, userType: 'customer' }
    : { account: { tutorId: row.tutor_id! }, userType: 'tutor' };
}
