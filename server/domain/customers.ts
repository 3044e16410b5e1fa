import type { Customer } from '../../src/contract/entities.ts';
import type { CustomerCreateInput } from '../../src/contract/schemas.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { Refusal } from './refusal.ts';

/**
 * A new customer account from the booking's contact form: refused with AlreadyExists when the
 * email or the phone is on file. Unproven until a login link or code of it is used
 * (account-proof.ts), so it cannot use a card on file or see anyone's sessions.
 */
export async function createCustomer(db: Db, input: CustomerCreateInput): Promise<Customer> {
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
      .returning(['id', 'firstname', 'lastname', 'email', 'phone', 'credits'])
      .executeTakeFirstOrThrow();
    return { ...row, payment_method: null };
  } catch (error) {
    // Two forms sent at once with the same address: the unique index decides.
    if (isUniqueViolation(error)) throw new Refusal('AlreadyExists');
    throw error;
  }
}
