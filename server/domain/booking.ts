import type { CourseStyle, PaymentIntent } from '../../src/contract/entities.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { Refusal } from './refusal.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { hasSeat } from './availability-search.ts';
import { holdExpiry, releaseExpiredHolds } from './holds.ts';
import { findBookableOffering } from './offerings.ts';
import { releaseSeat } from './seats.ts';
import { now, nowMs } from '../clock.ts';

export interface BookingRequest {
  meeting: number;
  offering: number;
  capacity: 1 | 2;
  course_style: CourseStyle;
}

type Trx = Transaction<Database>;

async function priceCents(trx: Trx, frequency: 'weekly' | 'onetime', capacity: number): Promise<number> {
  const row = await trx.selectFrom('prices').select('cents').where('frequency', '=', frequency).where('capacity', '=', capacity).executeTakeFirst();
  if (!row) throw new Refusal('DBError');
  return row.cents;
}

/** A booking retried by the same customer for the same meeting gets the same intent back. */
async function existingPayment(trx: Trx, customerId: number, meetingId: number): Promise<PaymentIntent | undefined> {
  const row = await trx
    .selectFrom('payments')
    .select(['id', 'payment_status', 'client_secret', 'amount_cents'])
    .where('customer_id', '=', customerId)
    .where('meeting_id', '=', meetingId)
    .where('is_incremental', '=', false)
    .where('payment_status', 'not in', ['canceled', 'abandoned'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.payment_status !== 'requires_payment_method' || !row.client_secret) throw new Refusal('AlreadyBooked');
  return { client_secret: row.client_secret, payment_id: row.id, amount_cents: row.amount_cents };
}

async function loadCustomer(trx: Trx, customerId: number) {
  return trx
    .selectFrom('customers')
    .select(['id', 'email', 'firstname', 'lastname', 'provider_customer_id', 'payment_method_id'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
}

/**
 * One checkout at a time, per customer and per client address: starting a new booking gives up
 * the seats still held for unpaid earlier ones of this customer, and of any customer whose
 * checkout came from the same address, so nobody holds many seats at once, not even with
 * throwaway accounts. `keepMeetingIds` are this customer's seats the new booking reuses.
 */
async function abandonOtherCheckouts(trx: Trx, customerId: number, keepMeetingIds: number[], addressHash: string | null): Promise<void> {
  const held = await trx
    .selectFrom('reservations')
    .select(['meeting_id', 'customer_id'])
    .where('status', '=', 'held')
    .where((eb) => (addressHash === null ? eb('customer_id', '=', customerId) : eb.or([eb('customer_id', '=', customerId), eb('address_hash', '=', addressHash)])))
    .orderBy('meeting_id')
    .orderBy('customer_id')
    .execute();
  const abandoned = held.filter((row) => row.customer_id !== customerId || !keepMeetingIds.includes(row.meeting_id));
  if (abandoned.length === 0) return;
  // Meetings in id order, as every booking locks them, so two checkouts cannot deadlock.
  for (const row of abandoned) await releaseSeat(trx, row.meeting_id, row.customer_id);
  for (const owner of new Set(abandoned.map((row) => row.customer_id))) {
    const meetingIds = abandoned.filter((row) => row.customer_id === owner).map((row) => row.meeting_id);
    await trx
      .updateTable('payments')
      .set({ payment_status: 'abandoned' })
      .where('customer_id', '=', owner)
      .where('meeting_id', 'in', meetingIds)
      .where('payment_status', '=', 'requires_payment_method')
      .execute();
    await trx
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('customer_id', '=', owner)
      .where('status', '=', 'active')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('reservations as r').select('r.id').whereRef('r.subscription_id', '=', 'subscriptions.id').where('r.status', '!=', 'released'))))
      .execute();
  }
}

/** Asks the provider for an intent, stores it on the payment, and remembers the provider's customer. */
async function attachIntent(trx: Trx, provider: PaymentProvider, paymentId: number, amountCents: number, customerId: number, description: string, saveCard: boolean, proven: boolean) {
  const customer = await loadCustomer(trx, customerId);
  const intent = await provider.createIntent({
    paymentId,
    amountCents,
    customer: { id: customer.id, email: customer.email, name: `${customer.firstname} ${customer.lastname}`, providerCustomerId: customer.provider_customer_id },
    saveCard,
    // Only a proven session (Auth.proven: a login link or code) pays with the card on file; the
    // contact form's session must type a card in (account-proof.ts), else whoever typed someone
    // else's address could spend their card. The same flag rules GET /customers/myself and the
    // offline confirm.
    paymentMethodId: proven ? customer.payment_method_id : null,
    description,
  });
  await trx.updateTable('payments').set({ provider_intent_id: intent.intentId, client_secret: intent.clientSecret }).where('id', '=', paymentId).execute();
  if (intent.providerCustomerId && intent.providerCustomerId !== customer.provider_customer_id) {
    await trx.updateTable('customers').set({ provider_customer_id: intent.providerCustomerId }).where('id', '=', customerId).execute();
  }
  return { client_secret: intent.clientSecret, payment_id: paymentId, amount_cents: amountCents };
}

/**
 * One-time booking: takes a seat of a one-off meeting and creates the payment intent for it.
 * The meeting row is locked for the whole step, so two buyers can never take the same seat.
 */
export async function bookOneTime(db: Db, provider: PaymentProvider, customerId: number, request: BookingRequest, addressHash: string | null, proven: boolean): Promise<PaymentIntent> {
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx) => {
    await abandonOtherCheckouts(trx, customerId, [request.meeting], addressHash);
    const meeting = await trx
      .selectFrom('meetings')
      .select(['id', 'tutor_id', 'slot_id', 'occurrence', 'canceled', 'capacity', 'reservations_taken', 'offering_id as booked_offering_id', 'course_style'])
      .where('id', '=', request.meeting)
      .forUpdate()
      .executeTakeFirst();
    if (!meeting || meeting.canceled || meeting.slot_id !== null || new Date(meeting.occurrence).getTime() <= nowMs()) {
      throw new Refusal('MeetingNotFound');
    }
    const offering = await findBookableOffering(trx, request.offering);
    if (!offering || offering.tutor_id !== meeting.tutor_id) throw new Refusal('OfferingNotFound');

    const again = await existingPayment(trx, customerId, meeting.id);
    if (again) return again;
    if (!hasSeat(meeting, { capacity: request.capacity, offeringId: offering.offering_id, style: request.course_style })) {
      throw new Refusal('SeatTaken');
    }

    await trx
      .updateTable('meetings')
      .set((eb) => ({
        capacity: request.capacity,
        offering_id: offering.offering_id,
        course_style: request.course_style,
        reservations_taken: eb('reservations_taken', '+', 1),
      }))
      .where('id', '=', meeting.id)
      .execute();
    await trx
      .insertInto('reservations')
      .values({ meeting_id: meeting.id, customer_id: customerId, subscription_id: null, status: 'held', expires_at: holdExpiry(), address_hash: addressHash })
      .execute();
    const amount = await priceCents(trx, 'onetime', request.capacity);
    const payment = await trx
      .insertInto('payments')
      .values({ customer_id: customerId, meeting_id: meeting.id, minutes_paid: 60, amount_cents: amount, payment_status: 'requires_payment_method', provider: provider.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return attachIntent(trx, provider, payment.id, amount, customerId, `${offering.course_number} with ${offering.tutor_name}`, true, proven);
  });
}

/**
 * Weekly booking: takes a seat in every upcoming meeting of the slot, creates the subscription,
 * and an intent for the first meeting. Later meetings are charged one by one (subscription_pending).
 */
export async function bookWeekly(db: Db, provider: PaymentProvider, customerId: number, request: BookingRequest & { slot: number }, addressHash: string | null, proven: boolean): Promise<PaymentIntent> {
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx) => {
    const slotMeetings = await trx.selectFrom('meetings').select('id').where('slot_id', '=', request.slot).execute();
    await abandonOtherCheckouts(trx, customerId, slotMeetings.map((m) => m.id), addressHash);
    const meetings = await trx
      .selectFrom('meetings')
      .select(['id', 'tutor_id', 'occurrence', 'capacity', 'reservations_taken', 'offering_id as booked_offering_id', 'course_style'])
      .where('slot_id', '=', request.slot)
      .where('canceled', '=', false)
      .where('occurrence', '>', now())
      .orderBy('occurrence')
      .forUpdate()
      .execute();
    const first = meetings[0];
    if (!first) throw new Refusal('SlotNotFound');
    if (first.id !== request.meeting) throw new Refusal('MeetingNotFound');
    const offering = await findBookableOffering(trx, request.offering);
    if (!offering || offering.tutor_id !== first.tutor_id) throw new Refusal('OfferingNotFound');

    const again = await existingPayment(trx, customerId, first.id);
    if (again) return again;
    // Still in some of these meetings (say, after skipping one week): this is not a new subscription.
    const mine = await trx
      .selectFrom('reservations')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('status', '!=', 'released')
      .where('meeting_id', 'in', meetings.map((m) => m.id))
      .executeTakeFirst();
    if (mine) throw new Refusal('AlreadyBooked');
    const want = { capacity: request.capacity, offeringId: offering.offering_id, style: request.course_style };
    if (!meetings.every((m) => hasSeat(m, want))) throw new Refusal('SeatTaken');

    const ids = meetings.map((m) => m.id);
    await trx
      .updateTable('meetings')
      .set((eb) => ({ capacity: request.capacity, offering_id: offering.offering_id, course_style: request.course_style, reservations_taken: eb('reservations_taken', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
    const subscription = await trx
      .insertInto('subscriptions')
      .values({ customer_id: customerId, slot_id: request.slot, offering_id: offering.offering_id, course_style: request.course_style, capacity: request.capacity })
      .returning('id')
      .executeTakeFirstOrThrow();
    const expires = holdExpiry();
    await trx
      .insertInto('reservations')
      .values(ids.map((id) => ({ meeting_id: id, customer_id: customerId, subscription_id: subscription.id, status: 'held' as const, expires_at: expires, address_hash: addressHash })))
      .execute();
    const amount = await priceCents(trx, 'weekly', request.capacity);
    const payment = await trx
      .insertInto('payments')
      .values({ customer_id: customerId, meeting_id: first.id, subscription_id: subscription.id, minutes_paid: 60, amount_cents: amount, payment_status: 'requires_payment_method', provider: provider.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return attachIntent(trx, provider, payment.id, amount, customerId, `${offering.course_number} weekly with ${offering.tutor_name}`, true, proven);
  });
}
