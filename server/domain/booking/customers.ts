import { creditTotalQuery } from '../credits/ledger.ts';
import type { Customer } from '../../../src/contract/entities.ts';
import type { z } from 'zod';
import type { customerCreateForm } from '../../../src/contract/schemas.ts';
import type { Db } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { cardOnFileFor } from '../sign-in/account-proof.ts';
import { Refusal } from '../refusal.ts';

/**
 * A new customer account from the booking's contact form: refused with AlreadyExists when the
 * email or the phone is on file. Unproven until a login link or code of it is used
 * (account-proof.ts), so it cannot use a card on file or see anyone's meetings.
 */
export async function createCustomer(db: Db, input: z.output<typeof customerCreateForm>): Promise<Customer & { id: number }> {
  const taken = await db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', input.email), eb('phone', '=', input.phone)]))
    .executeTakeFirst();
  if (taken) throw new Refusal('AlreadyExists');
  try {
    const row = await db
      .insertInto('customers')
      .values({ ...input, email_proven: false, phone_proven: false })
      .returning(['id', 'firstname', 'lastname', 'email', 'phone'])
      .executeTakeFirstOrThrow();
    return { ...row, credits: 0, payment_method: null };
  } catch (error) {
    // Two forms sent at once with the same address: the unique index decides.
    if (isUniqueViolation(error)) throw new Refusal('AlreadyExists');
    throw error;
  }
}

/**
 * The signed-in customer's own account. A sign-in that may not pay with the card on file (the
 * contact form's) is not shown one: the booking step then asks for a card.
 */
export async function ownCustomer(db: Db, customerId: number, proven: boolean): Promise<Customer> {
  const { payment_method_label, ...rest } = await db
    .selectFrom('customers')
    .select(['id', 'firstname', 'lastname', 'email', 'phone', 'payment_method_label'])
    // The balance is the ledger's (credits/ledger.ts): nothing else stores one.
    .select(creditTotalQuery(db, customerId).as('credits'))
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { ...rest, credits: rest.credits ?? 0, payment_method: cardOnFileFor(proven, payment_method_label) };
}

/** Booking step 3's reminder-texts box; a client that does not send it (the spec's) changes nothing. */
export async function chooseTextReminders(db: Db, customerId: number, wanted: boolean | undefined): Promise<void> {
  if (wanted !== undefined) await db.updateTable('customers').set({ text_reminders: wanted }).where('id', '=', customerId).execute();
}
