import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentStatus } from '../billing/payment-lifecycle.ts';

/** A booking payment in these states means someone holds the seat for real (paid, scheduled or settling). */
export const BOOKED_STATUSES: PaymentStatus[] = ['succeeded', 'subscription_pending', 'processing'];

/**
 * Whether meeting `m` is booked: one rule for the team's hours, the recent meetings and anything
 * else that counts real meetings (a seat held during a checkout does not count).
 */
export function isBookedMeeting(eb: ExpressionBuilder<Database & { m: Database['meetings'] }, 'm'>) {
  return eb.exists(
    eb
      .selectFrom('payments as p')
      .select('p.id')
      .whereRef('p.meeting_id', '=', 'm.id')
      .where('p.is_incremental', '=', false)
      .where('p.payment_status', 'in', BOOKED_STATUSES),
  );
}
