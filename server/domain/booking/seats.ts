import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Gives a customer's seat in a meeting back; a meeting left with nobody is unbooked again. */
export async function releaseSeat(trx: Transaction<Database>, meetingId: number, customerId: number): Promise<void> {
  const released = await trx
    .updateTable('reservations')
    .set({ status: 'released', expires_at: null })
    .where('meeting_id', '=', meetingId)
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'released')
    .returning('id')
    .execute();
  if (released.length === 0) return;
  const meeting = await trx
    .updateTable('meetings')
    .set((eb) => ({ reservations_taken: eb('reservations_taken', '-', released.length) }))
    .where('id', '=', meetingId)
    .returning(['reservations_taken'])
    .executeTakeFirstOrThrow();
  if (meeting.reservations_taken === 0) {
    await trx.updateTable('meetings').set({ capacity: 0, offering_id: null, course_style: null }).where('id', '=', meetingId).execute();
  }
}
