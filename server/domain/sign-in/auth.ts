import { randomBytes } from 'node:crypto';
import { isStaffEmail, site } from '../../../src/config/site.ts';
import type { UserType } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { Refusal, tooSoon } from '../refusal.ts';
import { type Sender, TextFailed, TextRefused } from './outgoing.ts';
import { type Account, startSignIn } from './sign-ins.ts';
import { type Channel, channelOpen, phoneStillOpen, proveEmail } from './account-proof.ts';
import { countHits, RATE_LIMITS, type RateRule, type RateVerdict, ruleHits, targetHits, windowsFull } from './rate-limits.ts';
import { signedInFrom } from './sign-in-addresses.ts';
import { heldElsewhere, otherAccountSignedIn, type Redeeming } from './sign-in-switch.ts';
import { hashSecret, newCode, newSecret, sameHash } from './tokens.ts';
import { fromNow, now, nowMs } from '../../clock.ts';

export const LINK_MINUTES = 15;
export const CODE_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_INTERVAL_SECONDS = 60;
/**
 * Failed code checks per account and client address in 24 hours. Five tries per code and a new
 * code every minute would otherwise allow thousands of guesses a day at a 7-digit code. Counted
 * per address as well as per account, so that a stranger who burns the tries on codes he asked
 * for the owner's email does not lock the owner (at another address) out.
 */
export const CODE_FAILURES_PER_DAY = RATE_LIMITS.codeFailures.perAddress.max;
/** …and per account from all addresses together: the bound on guesses from many addresses. */
export const CODE_FAILURES_PER_ACCOUNT_PER_DAY = RATE_LIMITS.codeFailures.perTarget.max;

/** The windows a failed code check counts in: the account at this client address, and the account. */
function codeFailureHits(owner: { customer_id: number | null; tutor_id: number | null }, clientAddress: string) {
  const account = owner.customer_id !== null ? `customer:${owner.customer_id}` : `tutor:${owner.tutor_id}`;
  return ruleHits(RATE_LIMITS.codeFailures, `${account} address:${clientAddress}`, [account]);
}

const minutesFromNow = (minutes: number) => fromNow(minutes * 60_000);

/**
 * Takes the account's row lock for the rest of the transaction, and says whether the account may
 * still sign in: an archived tutor may not (the lock makes archiving wait for a sign-in under way).
 */
async function lockAccount(trx: Db, account: Account): Promise<boolean> {
  if ('customerId' in account) {
    await trx.selectFrom('customers').select('id').where('id', '=', account.customerId).forUpdate().execute();
    return true;
  }
  const tutor = await trx.selectFrom('tutors').select('role').where('id', '=', account.tutorId).forUpdate().executeTakeFirst();
  return tutor !== undefined && tutor.role !== 'Archived';
}

interface FoundAccount {
  account: Account;
  email: string;
  phone: string;
}

/**
 * Customers by email; tutors (not archived) by email. A customer is found for a texted code only
 * when the phone channel is open (account-proof.ts): no code goes to a phone typed into the
 * contact form next to an email nobody has proven, or that the email's owner did not vouch for.
 */
async function findAccount(db: Db, userType: UserType, email: string, channel: Channel): Promise<FoundAccount | undefined> {
  if (userType === 'customer') {
    const row = await db
      .selectFrom('customers')
      .select(['id', 'email', 'phone', 'email_proven', 'phone_proven'])
      .where('email', '=', email)
      .executeTakeFirst();
    return row && channelOpen(row, channel) ? { account: { customerId: row.id }, email: row.email, phone: row.phone } : undefined;
  }
  const row = await db
    .selectFrom('tutors')
    .select(['id', 'email', 'phone'])
    .where('email', '=', email)
    .where('role', '!=', 'Archived')
    .executeTakeFirst();
  return row && { account: { tutorId: row.id }, email: row.email, phone: row.phone };
}

/**
 * The customer whose phone this is, for a texted code to it (the booking flow, when a new email's
 * phone is on file: docs/contract-extensions.md). The same rule as by email: only when the phone
 * channel is open, so a phone a stranger typed next to someone else's email gets no code.
 */
async function findCustomerByPhone(db: Db, phone: string): Promise<FoundAccount | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'email', 'phone', 'email_proven', 'phone_proven'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  return row && channelOpen(row, 'phone') ? { account: { customerId: row.id }, email: row.email, phone: row.phone } : undefined;
}

/** Whom a texted code is for: the account with this email (the contract), or the customer with this phone. */
export type CodeRecipient = { email: string } | { phone: string };

const ownerColumns = (account: Account) => ({
  customer_id: 'customerId' in account ? account.customerId : null,
  tutor_id: 'tutorId' in account ? account.tutorId : null,
});

/** Whether the request comes from a client address the account signed in from (sign-in-addresses.ts): the owner's. */
async function fromSignInAddress(db: Db, found: FoundAccount | undefined, clientAddress: string | undefined): Promise<boolean> {
  return found !== undefined && (await signedInFrom(db, found.account, clientAddress));
}

/**
 * Counts a request for a login link or code against the rule's window per email (or phone),
 * unless it comes from an address the account signed in from: strangers who fill the window from
 * other addresses do not hold the owner back there.
 */
async function countPerTarget(db: Db, rule: RateRule, target: string, atSignInAddress: boolean): Promise<RateVerdict> {
  return atSignInAddress ? { allowed: true, retryAfterSeconds: 0 } : countHits(db, targetHits(rule, [target]));
}

/** Whether a login link sent to the account is still unused and valid. */
async function hasLiveLink(db: Db, account: Account): Promise<boolean> {
  const owner = ownerColumns(account);
  const link = await db
    .selectFrom('login_tokens')
    .select('id')
    .where(owner.customer_id !== null ? 'customer_id' : 'tutor_id', '=', owner.customer_id ?? owner.tutor_id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return link !== undefined;
}

/**
 * Emails a single-use login link valid for 15 minutes. One inbox gets at most
 * RATE_LIMITS.loginLink's links per email in its window (counted for unknown addresses too) from
 * addresses the account has not signed in from. Past that, the owner is still never refused while
 * a link we sent is unused and valid: the answer is the usual success, without another email (they
 * can use the one they have); only with no such link is it TooSoon. `next`: a dashboard address of
 * this site (checked by the caller) the link leads to after signing in.
 */
export async function sendLoginLink(db: Db, sender: Sender, siteUrl: string, userType: UserType, email: string, clientAddress: string | undefined, next?: string | null): Promise<void> {
  const found = await findAccount(db, userType, email, 'email');
  const token = await db.transaction().execute(async (trx) => {
    // One request per account at a time, under its row lock: a request past the cap sees the links
    // that the requests counted before it made, however many arrive at once.
    if (found) await lockAccount(trx, found.account);
    // The hit is counted whatever the answer, so nothing here throws: a refusal would roll it back.
    const verdict = await countPerTarget(trx, RATE_LIMITS.loginLink, `email:${email}`, await fromSignInAddress(trx, found, clientAddress));
    if (!verdict.allowed) return found && (await hasLiveLink(trx, found.account)) ? null : tooSoon(verdict.retryAfterSeconds * 1000);
    if (!found) return new Refusal('UserNotFound');
    const secret = newSecret();
    await trx
      .insertInto('login_tokens')
      .values({ ...ownerColumns(found.account), token_hash: hashSecret(secret), expires_at: minutesFromNow(LINK_MINUTES), created_at: now() })
      .execute();
    return secret;
  });
  if (token instanceof Refusal) throw token;
  if (token === null || !found) return;
  const link = `${siteUrl}/login?token=${token}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  await sender.send({
    channel: 'email',
    to: found.email,
    subject: `Your ${site.brandName} login link`,
    text: `Click the link below to log in to ${site.brandName}. It works once, for the next ${LINK_MINUTES} minutes.\n\n${link}\n\nIf you did not ask for it, you can ignore this email.`,
    link,
  });
}

type SignIn = { account: Account; userType: UserType };
/** A sign-in started by a link or code: its account, and the secret for the browser's cookie. */
export type SignedIn = SignIn & { secret: string };

/**
 * Writes the sign-in of a link or code just spent, in the transaction that spent it, which holds
 * the account's row lock (lockAccount). Archiving takes that lock too, so it either came first (the
 * lock read an archived tutor and refused) or waits for this commit and then ends this sign-in
 * with the others: an archived tutor is never left signed in, not even after an unarchiving.
 */
const signedIn = async (trx: Db, signIn: SignIn): Promise<SignedIn> => ({ ...signIn, secret: await startSignIn(trx, signIn.account) });

const signInOf = (row: { customer_id: number | null; tutor_id: number | null }): SignIn =>
  row.customer_id !== null ? { account: { customerId: row.customer_id }, userType: 'customer' } : { account: { tutorId: row.tutor_id! }, userType: 'tutor' };

/**
 * Why a login link did not sign in (docs/contract-extensions.md: `error.reason`, beside the
 * contract's BadToken or OldToken), so the login screen can say which: the link was already used,
 * it expired, or it is not a link of ours at all (cut short when copied, or never sent).
 */
export type LinkFailure = 'used' | 'expired' | 'malformed';

export const linkRefusal = (reason: LinkFailure) => new Refusal(reason === 'expired' ? 'OldToken' : 'BadToken', { reason });

/**
 * Spends a login link: unknown or already used → BadToken, expired → OldToken; any link of an
 * archived tutor → UserNotFound, as asking for one does. Using it proves the account's email
 * (account-proof.ts). `held` is the sign-in the browser using it holds, if any.
 */
export async function redeemLoginLink(db: Db, token: string, redeeming: Redeeming): Promise<SignedIn> {
  const outcome = await db.transaction().execute(async (trx) => {
    const tokenHash = hashSecret(token);
    const owner = await trx.selectFrom('login_tokens').select(['customer_id', 'tutor_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!owner) return 'malformed' as const; // not a link we sent
    const signIn = signInOf(owner);
    // The account's row lock, taken before the link is read (the order archiving takes them in),
    // makes the uses of its links one at a time: a use of this link that ran first is seen here.
    if (!(await lockAccount(trx, signIn.account))) return 'archived' as const;
    const row = await trx.selectFrom('login_tokens').select(['id', 'used_at', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
    // Used and expired links are kept a while (purge.ts); an expired one is left unused, so that
    // trying it again still says it expired.
    if (row.used_at !== null) return 'used' as const;
    if (new Date(row.expires_at).getTime() < nowMs()) return 'expired' as const;
    // Another account's sign-in in this browser: asked first, the link kept for the answer.
    const elsewhere = heldElsewhere(redeeming, signIn.account);
    if (elsewhere) return elsewhere;
    await trx.updateTable('login_tokens').set({ used_at: now() }).where('id', '=', row.id).execute();
    const { held } = redeeming;
    const fromContactForm = held?.userType === 'customer' && !held.proven && 'customerId' in signIn.account && held.customerId === signIn.account.customerId;
    await proveEmail(trx, signIn.account, fromContactForm);
    return signedIn(trx, signIn);
  });
  if (outcome === 'archived') throw new Refusal('UserNotFound');
  if (typeof outcome === 'string') throw linkRefusal(outcome);
  if ('held' in outcome) throw await otherAccountSignedIn(db, outcome);
  return outcome;
}

function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${hashSecret(`${salt}:${code}`)}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = '', digest = ''] = stored.split(':');
  return sameHash(hashSecret(`${salt}:${code}`), digest);
}

/** The answer to a text the sender would not or could not send (sms-guard.ts). */
function textRefusal(error: unknown): unknown {
  if (error instanceof TextRefused) {
    return error.reason === 'not-north-american' ? new Refusal('BadPhone') : new Refusal('TextLimit', {}, error.retryAfterSeconds);
  }
  return error instanceof TextFailed ? new Refusal('TextNotSent') : error;
}

/**
 * Texts a 7-digit login code to the phone of the account with this email (customers first, then
 * staff, whose emails are on the staff domain), or of the customer with this phone. At most one
 * text per account every 60 seconds, and RATE_LIMITS.loginCode's per email (or phone) from
 * addresses the account has not signed in from; requests from those also get at most half of the
 * number's texts (sms-guard.ts: STRANGERS_TEXTS_PER_NUMBER), so the rest stays the owner's.
 * A text that is not sent (refused by the guard, or the provider failed: BadPhone, TextLimit,
 * TextNotSent) takes its code with it, so that no code nobody received lingers and the 60 seconds
 * do not stand in the way of asking again.
 */
export async function sendLoginCode(db: Db, sender: Sender, to: CodeRecipient, clientAddress: string | undefined): Promise<{ code_id: string; last_four_phone: string }> {
  const found =
    'phone' in to
      ? await findCustomerByPhone(db, to.phone)
      : ((await findAccount(db, isStaffEmail(to.email) ? 'tutor' : 'customer', to.email, 'phone')) ?? (await findAccount(db, 'customer', to.email, 'phone')));
  const atSignInAddress = await fromSignInAddress(db, found, clientAddress);
  const verdict = await countPerTarget(db, RATE_LIMITS.loginCode, 'phone' in to ? `phone:${to.phone}` : `email:${to.email}`, atSignInAddress);
  // Past the cap there is no success without a text, as there is for links: the answer's code_id
  // is what a code is checked with, so the id of a code already texted would let whoever asked
  // spend its owner's tries, and a new id would say a code was texted that was not. TooSoon sends
  // the person to the emailed link (spec 1 §8), which the cap never refuses its owner.
  if (!verdict.allowed) throw tooSoon(verdict.retryAfterSeconds * 1000);
  if (!found) throw new Refusal('UserNotFound');
  const owner = ownerColumns(found.account);
  const code = newCode(7);
  const inserted = await db.transaction().execute(async (trx) => {
    // Locking the account's row makes the 60-second check and the insert one step per account,
    // so two requests at once cannot both send a text.
    await lockAccount(trx, found.account);
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
  try {
    await sender.send({
      channel: 'sms',
      to: found.phone,
      subject: '',
      text: `${code} is your ${site.brandName} login code. It expires in ${CODE_MINUTES} minutes.`,
      // From anywhere else, the code takes a text of strangers' share of the number's (sms-guard.ts).
      fromSignInAddress: atSignInAddress,
    });
  } catch (error) {
    await db.deleteFrom('verification_codes').where('id', '=', inserted.id).execute();
    throw textRefusal(error);
  }
  return { code_id: inserted.id, last_four_phone: found.phone.slice(-4) };
}

/**
 * Checks a texted code from a client address. Each check spends one of five tries; a right code is
 * spent at once. Unknown id or wrong code → BadCode (also a right code whose phone channel closed
 * since it was texted: account-proof.ts); any code of an archived tutor → UserNotFound; used or
 * expired → OldCode; tries of this code used up, or CODE_FAILURES_PER_DAY failed checks of the
 * account from this address (or CODE_FAILURES_PER_ACCOUNT_PER_DAY from all) in 24 hours →
 * TooManyAttempts.
 */
export async function redeemLoginCode(db: Db, codeId: string, code: string, clientAddress: string, redeeming: Redeeming): Promise<SignedIn> {
  const outcome = await db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('verification_codes').select(['customer_id', 'tutor_id']).where('id', '=', codeId).executeTakeFirst();
    if (!owner) return 'BadCode' as const;
    const signIn = signInOf(owner);
    // One check at a time per account (the row lock, taken before the code's, the order archiving
    // takes them in), so the daily counts cannot be outrun in parallel. An archived tutor's code
    // answers as asking for one does.
    if (!(await lockAccount(trx, signIn.account))) return 'UserNotFound' as const;
    const row = await trx
      .selectFrom('verification_codes')
      .select(['code_hash', 'attempts', 'used_at', 'expires_at', 'customer_id', 'tutor_id'])
      .where('id', '=', codeId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.used_at !== null || new Date(row.expires_at).getTime() < nowMs()) return 'OldCode' as const;
    const failures = codeFailureHits(row, clientAddress);
    if (row.attempts >= CODE_MAX_ATTEMPTS || (await windowsFull(trx, failures))) return 'TooManyAttempts' as const;
    const right = codeMatches(code.trim(), row.code_hash);
    // A right code while the browser holds another account's sign-in: asked first, the code kept for the answer.
    const elsewhere = right ? heldElsewhere(redeeming, signIn.account) : undefined;
    await trx
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(right && !elsewhere ? { used_at: now() } : {}) }))
      .where('id', '=', codeId)
      .execute();
    if (!right) {
      await countHits(trx, failures);
      return 'BadCode' as const;
    }
    if (!(await phoneStillOpen(trx, signIn.account))) return 'BadCode' as const;
    return elsewhere ?? signedIn(trx, signIn);
  });
  // Refused after the transaction, so that a failed check stays counted.
  if (typeof outcome === 'string') throw new Refusal(outcome);
  if ('held' in outcome) throw await otherAccountSignedIn(db, outcome);
  return outcome;
}
