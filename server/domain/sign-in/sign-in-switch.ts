import type { Db } from '../../db/db.ts';
import { Refusal } from '../refusal.ts';
import type { Account, Auth } from './sign-ins.ts';

/**
 * A login link or code never replaces a browser's sign-in to another account without the person's
 * say. A hostile page could otherwise send a signed-in victim to the attacker's own link: the
 * victim would be signed in to the attacker's account unawares, and a card typed there would be
 * the attacker's to charge. So the link or code is not spent, the answer names both accounts
 * (OtherAccountSignedIn), and the person's own POST (…/continue: our pages only, server/http/guards.ts)
 * redeems it with `replace`. A signed-out browser, or one signed in to the same account, signs in
 * at once as before.
 */
export interface Redeeming {
  /** The browser's sign-in when the link or code is used, if any. */
  held: Auth | null;
  /** The person chose to continue as the link's or code's account (the POST). */
  replace: boolean;
}

/** The browser holds another account's sign-in than the one the link or code is for. */
export interface HeldElsewhere {
  held: Auth;
  next: Account;
}

export function heldElsewhere({ held, replace }: Redeeming, next: Account): HeldElsewhere | undefined {
  if (!held || replace) return undefined;
  const same = held.userType === 'customer' ? 'customerId' in next && next.customerId === held.customerId : 'tutorId' in next && next.tutorId === held.tutorId;
  return same ? undefined : { held, next };
}

async function emailOf(db: Db, account: Account): Promise<string> {
  const row =
    'customerId' in account
      ? await db.selectFrom('customers').select('email').where('id', '=', account.customerId).executeTakeFirst()
      : await db.selectFrom('tutors').select('email').where('id', '=', account.tutorId).executeTakeFirst();
  return row?.email ?? '';
}

/** OtherAccountSignedIn, naming the account the browser is signed in to (`current`) and the link's (`next`). */
export async function otherAccountSignedIn(db: Db, { held, next }: HeldElsewhere): Promise<Refusal> {
  const current: Account = held.userType === 'customer' ? { customerId: held.customerId } : { tutorId: held.tutorId };
  return new Refusal('OtherAccountSignedIn', { current: await emailOf(db, current), next: await emailOf(db, next) });
}
