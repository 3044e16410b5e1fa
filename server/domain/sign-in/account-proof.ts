import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Account } from './sign-ins.ts';

/**
 * Who owns an account that the booking contact form made? Anybody can type any email and phone
 * there, so such an account starts with neither proven, and its sign-in is an unproven one (it
 * pays for what it books with a card typed in, never with a card on file).
 *
 * The EMAIL is the account's identity. A login link is always sent and always signs in; the first
 * link used proves the email and ends every sign-in of the account. A texted code signs in only
 * once the email is proven and the phone is the email owner's: a stranger who typed someone's
 * email with his own phone must never get in by code, before the owner's first sign-in or after.
 *
 * What the phone and the card on file are worth at the email's first proof depends on who put
 * them there. When the link is used in the browser that still holds the contact form's sign-in of
 * the account, the person who typed the phone and saved the card is the email's owner: both are
 * kept (the phone is proven from then on, so codes work). Otherwise they came from someone who
 * merely knew the email: the phone is not proven (codes stay refused) and the card is dropped, so
 * the owner never pays with, nor is shown, a stranger's card. Staff-made and seeded accounts are
 * proven on both channels.
 */
export type Channel = 'email' | 'phone';

export interface ChannelProof {
  email_proven: boolean;
  phone_proven: boolean;
}

/** Links always sign in (using one proves the email); codes only when the email is proven and the phone trusted. */
export function channelOpen(proof: ChannelProof, channel: Channel): boolean {
  return channel === 'email' || (proof.email_proven && proof.phone_proven);
}

/**
 * Records that a login link of this account was just used. `fromContactForm`: the browser using it
 * holds the contact form's (unproven) sign-in of this same account. Run it in the transaction that
 * spends the link: it locks the account's row, so two proofs at once are decided one after the other.
 */
export async function proveEmail(trx: Kysely<Database>, account: Account, fromContactForm: boolean): Promise<void> {
  if (!('customerId' in account)) return;
  const proof = await trx.selectFrom('customers').select(['email_proven']).where('id', '=', account.customerId).forUpdate().executeTakeFirst();
  if (!proof || proof.email_proven) return;
  await trx
    .updateTable('customers')
    .set(fromContactForm ? { email_proven: true, phone_proven: true } : { email_proven: true, phone_proven: false, payment_method_id: null, payment_method_label: null })
    .where('id', '=', account.customerId)
    .execute();
  // Whoever held a sign-in before this proof (by the contact form, or by a code to a phone typed
  // by a stranger) is out; the sign-in that follows opens the one sign-in the owner holds now.
  await trx.deleteFrom('sessions').where('customer_id', '=', account.customerId).execute();
}

/**
 * Whether a code of this account, just found right, may sign in: the phone channel must still be
 * open (a code texted before a link proved the email with a phone nobody vouched for is refused).
 */
export async function phoneStillOpen(trx: Kysely<Database>, account: Account): Promise<boolean> {
  if (!('customerId' in account)) return true;
  const proof = await trx.selectFrom('customers').select(['email_proven', 'phone_proven']).where('id', '=', account.customerId).executeTakeFirst();
  return !!proof && channelOpen(proof, 'phone');
}

/**
 * The card on file as a sign-in may use or see it: only a proven sign-in (signed in by a login
 * link or code, not made by the contact form) pays with it or is shown it. An unproven one types a
 * card in, so a stranger who gives someone's email at the contact form cannot charge their card.
 */
export function cardOnFileFor<Card>(proven: boolean, card: Card | null | undefined): Card | null {
  return proven ? (card ?? null) : null;
}
