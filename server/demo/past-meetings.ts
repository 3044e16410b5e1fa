import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

/** How many weeks back the demo's history goes: enough that last month has meetings on any day. */
export const PAST_WEEKS = 9;

/** The demo's returning customer, whose meetings fill the weeks before the demo. */
export const pastCustomer = { firstname: 'Jamie', lastname: 'Park', email: 'jamie@example.com', phone: '2065550198' } as const;

/** Bookings made and told long ago: their confirmations, receipts and the refund count as sent. */
const TOLD_LONG_AGO = { notified_booking: true, notified_receipt: true, notified_cancel: true, notified_refund: true } as const;

/** Each week's summary (the fourth week's meeting was canceled: none). */
const summaries = ['Limits and continuity', 'Derivative rules', 'Chain rule practice', '', 'Related rates', 'Optimisation problems', 'Integration by parts', 'Series and convergence', 'Review for the midterm'];

export interface PastMeetingsInput {
  /** `daysAhead` days from now at this UTC hour, kept at the site's wall-clock time (seed.ts's atHour). */
  at: (daysAhead: number, hourUtc: number) => Date;
  /** Priya's MATH 125 offering and Sam's PHYS 121 offering. */
  priya: { tutorId: number; offeringId: number };
  sam: { tutorId: number; offeringId: number };
  /** Who canceled the one meeting Priya could not give. */
  supervisorId: number;
}

/**
 * The weeks before the demo (issue 25's Reports): one MATH 125 meeting with Priya a week, paid
 * one at a time by Jamie, each with its summary, the fourth week's canceled by Priya and refunded;
 * and an hour Sam offered each week that nobody booked. The Reports screen's last month then has
 * money, hours, a course and a returning customer whatever day the demo starts, and payroll a
 * history. All of it lies at least five days back, apart from every hour the seed offers ahead.
 */
export async function addPastMeetings(trx: Trx, input: PastMeetingsInput): Promise<void> {
  const customer = await trx.insertInto('customers').values({ ...pastCustomer, provider_customer_id: null, payment_method_id: null, payment_method_label: null }).returning('id').executeTakeFirstOrThrow();
  for (let week = 1; week <= PAST_WEEKS; week++) {
    const canceled = week === 4;
    const meeting = await trx
      .insertInto('meetings')
      .values({
        tutor_id: input.priya.tutorId,
        occurrence: input.at(1 - 7 * week, 1),
        offering_id: canceled ? null : input.priya.offeringId,
        course_style: canceled ? null : 'online',
        capacity: canceled ? 0 : 1,
        reservations_taken: canceled ? 0 : 1,
        canceled,
        canceled_by: canceled ? input.supervisorId : null,
        notes: summaries[week - 1]!,
        attendance: canceled ? null : 'attended',
      })
      .returning(['id', 'occurrence'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('reservations')
      .values({ meeting_id: meeting.id, customer_id: customer.id, subscription_id: null, status: canceled ? 'released' : 'confirmed', expires_at: null })
      .execute();
    await trx
      .insertInto('payments')
      .values({
        customer_id: customer.id,
        meeting_id: meeting.id,
        minutes_paid: 60,
        amount_cents: 5500,
        payment_status: canceled ? 'canceled' : 'succeeded',
        provider: 'offline',
        provider_intent_id: `pi_demo_past_${meeting.id}`,
        // Refunded two days before the meeting was to be.
        refunded_at: canceled ? new Date(new Date(meeting.occurrence).getTime() - 2 * 24 * 3600_000) : null,
        inserted_at: new Date(new Date(meeting.occurrence).getTime() - 7 * 24 * 3600_000),
        ...TOLD_LONG_AGO,
      })
      .execute();
    await trx.insertInto('meetings').values({ tutor_id: input.sam.tutorId, occurrence: input.at(2 - 7 * week, 22) }).execute();
  }
}
