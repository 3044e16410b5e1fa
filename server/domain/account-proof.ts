import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Account } from './sessions.ts';

/**
 * Who owns an account that the booking contact form made? Anybody can type any email and phone
 * there, so such an account starts with neither proven, and its session is an unproven one (it
 * pays for what it books with a card typed in, never with a card on file).
 *
 * Using a login link proves the email; using a texted code proves the phone. The first proof
 * decides the owner: it ends every other session of the account (the contact form's among them),
 * and the channel still unproven at that moment stays closed, because whoever typed it may not be
 * the owner (say, the victim's email with the attacker's phone: once the victim signs in by link,
 * the attacker's phone must not open the account). Staff-made and seeded accounts are proven on
 * both channels.
 */
export type Channel = 'email' | 'phone';

export interface ChannelProof {
  email_proven: boolean;
  phone_proven: boolean;
}

/** A channel signs in when it is proven, or when nothing is proven yet (its use is the first proof). */
export function channelOpen(proof: ChannelProof, channel: Channel): boolean {
  const [mine, other] = channel === 'email' ? [proof.email_proven, proof.phone_proven] : [proof.phone_proven, proof.email_proven];
  return mine || !other;
}

/**
 * Records that a link (email) or code (phone) of this account was just used. Returns false when
 * the channel is closed (the caller refuses the sign-in). Run it in the transaction that spends the
 * link or code: it locks the account's row, so two proofs at once are decided one after the other.
 */
export async function proveChannel(trx: Kysely<Database>, account: Account, channel: Channel): Promise<boolean> {
  if (!('customerId' in account)) return true;
  const proof = await trx
    .selectFrom('customers')
    .select(['email_proven', 'phone_proven'])
    .where('id', '=', account.customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!proof || !channelOpen(proof, channel)) return false;
  const column = channel === 'email' ? 'email_proven' : 'phone_proven';
  if (proof[column]) return true;
  await trx.updateTable('customers').set({ [column]: true }).where('id', '=', account.customerId).execute();
  // The sign-in that follows opens the one session the owner holds now.
  await trx.deleteFrom('sessions').where('customer_id', '=', account.customerId).execute();
  return true;
}
