import type { CourseStyle, CreditBooking } from '../../../src/contract/entities.ts';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { Refusal } from '../refusal.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { hasSeat } from './availability-search.ts';
import { holdExpiry, releaseExpiredHolds } from './holds.ts';
import { bookableOfferings, findBookableOffering } from '../catalog/offerings.ts';
import { releaseSeat } from './seats.ts';
import { INITIAL_STATUS, movePayments } from '../billing/payment-lifecycle.ts';
import { heldSeatsOfCheckoutStart } from '../sign-in/address-holds.ts';
import { type CheckoutAnswer, type CheckoutRow, sendCheckout } from './checkout.ts';
import { now, nowMs } from '../../clock.ts';
import { currentCentsQuery } from '../billing/prices.ts';
import { dayOffAt, isOnDayOff, notOnDayOff } from '../calendar/days-off.ts';
import { cardOnFileFor } from '../sign-in/account-proof.ts';
import { chooseTextReminders } from './customers.ts';
import { creditTotalQuery, HOURS_PROVIDER, lotToDraw, recordUse } from '../credits/ledger.ts';
import { tellWhenHoursRanOut } from '../credits/weekly-draws.ts';
import { scheduleLaterWeeks } from '../billing/fulfilment.ts';
import { recordBooked } from '../meetings/change-events.ts';
import { openGradebook } from '../gradebooks/gradebooks.ts';

export interface BookingRequest {
  meeting: number;
  offering: number;
  capacity: 1 | 2;
  course_style: CourseStyle;
  /** Reminder texts wanted (booking step 3's box): stored before the seat is taken; absent leaves the choice as it was. */
  text_reminders?: boolean;
  /** `credits`: with an hour of a package (bookWithHours); otherwise by card. */
  pay_with?: 'card' | 'credits';
}

export type WeeklyRequest = BookingRequest & { slot: number };

type Trx = Transaction<Database>;

/**
 * The payment a booking's first step committed (its id, or the row it has just written), and
 * whether a provider failure gives its seats back (yes for the request that took them; a retry
 * that found them waiting leaves that to the request still running, or to the reconciliation pass).
 */
export type Taken = [payment: number | CheckoutRow, options: { abandonOnFailure: boolean }];

/**
 * A booking retried by the same customer for the same meeting continues the same checkout (the
 * same intent, so the same secret); a paid one is refused. Only a checkout is continued: a later
 * week's own charge (no checkout), even one declined and waiting for its retry, is that customer's
 * booked seat, refused too.
 */
async function existingPayment(trx: Trx, customerId: number, meetingId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('payments')
    .select(['id', 'payment_status', 'checkout'])
    .where('customer_id', '=', customerId)
    .where('meeting_id', '=', meetingId)
    .where('is_incremental', '=', false)
    .where('payment_status', 'not in', ['canceled', 'abandoned'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.payment_status !== 'requires_payment_method' || row.checkout === null) throw new Refusal('AlreadyBooked');
  return row.id;
}

/**
 * What a checkout charges and how it pays: a query of the customer's row and the price, which the
 * one-time booking joins to its other reads rather than spend a round trip of its own on it.
 * Only a proven sign-in (`Auth.proven`: a login link or code, not the contact form) pays with the
 * card on file, charged at once; the contact form's sign-in must type a card in
 * (account-proof.ts), else whoever typed someone else's address could spend their card. The same
 * flag decides what GET /customers/myself shows and the offline confirm accepts.
 */
function checkoutTermsQuery(trx: Trx, customerId: number, frequency: 'weekly' | 'onetime', capacity: number) {
  return trx
    .selectFrom('customers')
    .select(['payment_method_id', 'email', 'firstname', 'lastname', 'provider_customer_id'])
    // The price in effect now (prices.ts): a change applies to checkouts started after it.
    .select(currentCentsQuery(trx, frequency, capacity, now()).as('cents'))
    .where('id', '=', customerId);
}

interface TermsRow {
  payment_method_id: string | null;
  email: string;
  firstname: string;
  lastname: string;
  provider_customer_id: string | null;
  cents: number | null;
}

function checkoutTerms(row: TermsRow, proven: boolean) {
  if (row.cents === null) throw new Refusal('DBError');
  const card = cardOnFileFor(proven, row.payment_method_id);
  const { email, firstname, lastname, provider_customer_id } = row;
  return {
    payment: { amount_cents: row.cents, checkout: card ? ('saved_card' as const) : ('card_entry' as const), checkout_card_id: card },
    customer: { email, firstname, lastname, provider_customer_id },
  };
}

type CheckoutTerms = ReturnType<typeof checkoutTerms>;

/** The columns of the payment row a checkout writes and answers with. */
const CHECKOUT_COLUMNS = ['id', 'customer_id', 'amount_cents', 'payment_status', 'provider_intent_id', 'client_secret', 'checkout', 'checkout_card_id', 'checkout_description'] as const;

/** The payment row a weekly booking writes, with what its checkout sends the provider. */
async function insertCheckout(trx: Trx, values: Omit<Insertable<Database['payments']>, keyof CheckoutTerms['payment']>, terms: CheckoutTerms): Promise<CheckoutRow> {
  const payment = await trx
    .insertInto('payments')
    .values({ ...values, ...terms.payment })
    .returning(CHECKOUT_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...payment, ...terms.customer };
}

/**
 * One checkout at a time per customer: starting a new booking gives up the seats still held for
 * this customer's unpaid earlier ones (`keepMeetingIds` are its seats the new booking reuses).
 * Another customer's hold is never given up, not even one from the same client address (a
 * household, a campus, a carrier's NAT): an address holding seats for too many other customers
 * refuses the new checkout instead (address-holds.ts), so throwaway accounts cannot hold many.
 */
async function abandonOtherCheckouts(trx: Trx, customerId: number, keepMeetingIds: number[], addressHash: string | null): Promise<void> {
  const held = await heldSeatsOfCheckoutStart(trx, customerId, addressHash);
  const abandoned = held.filter((meetingId) => !keepMeetingIds.includes(meetingId));
  if (abandoned.length === 0) return;
  // Meetings in id order, as every booking locks them, so two checkouts cannot deadlock.
  for (const meetingId of abandoned) await releaseSeat(trx, meetingId, customerId);
  await movePayments(trx, 'abandoned', 'requires_payment_method').where('customer_id', '=', customerId).where('meeting_id', 'in', abandoned).execute();
  await trx
    .updateTable('subscriptions')
    .set({ status: 'canceled' })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('reservations as r').select('r.id').whereRef('r.subscription_id', '=', 'subscriptions.id').where('r.status', '!=', 'released'))))
    .execute();
}

/**
 * One-time booking: takes a seat of a one-off meeting and writes its payment in one transaction
 * (the meeting row locked, so two buyers can never take the same seat), then asks the provider
 * after the commit (checkout.ts).
 */
export async function bookOneTime(db: Db, provider: PaymentProvider, customerId: number, request: BookingRequest, addressHash: string | null, proven: boolean): Promise<CheckoutAnswer> {
  await chooseTextReminders(db, customerId, request.text_reminders);
  return sendCheckout(db, provider, ...(await takeOneTime(db, provider, customerId, request, addressHash, proven)));
}

/**
 * The meeting of a one-time booking, locked, with what every one-time booking checks: offered, not
 * past, not on a day off, taught by the offering's tutor. With it, the checkout's terms (read in the
 * same statement) and the customer's open checkout of it, if any (`again`).
 */
async function lockOneTimeMeeting(trx: Trx, customerId: number, request: BookingRequest) {
  // The meeting (locked), the offering asked for and the checkout's terms, read in one statement.
  // The lock rereads the meeting if another booking changed it meanwhile; the offering and the
  // terms are as they were when the statement started (a price changed during the wait applies
  // to the next booking, as it would have a moment earlier).
  const meeting = await trx
    .selectFrom('meetings as m')
    .innerJoin(checkoutTermsQuery(trx, customerId, 'onetime', request.capacity).as('terms'), (join) => join.onTrue())
    .leftJoin(bookableOfferings(trx).where('o.id', '=', request.offering).as('b'), (join) => join.onTrue())
    .select(['m.id', 'm.tutor_id', 'm.slot_id', 'm.occurrence', 'm.canceled', 'm.capacity', 'm.reservations_taken', 'm.offering_id as booked_offering_id', 'm.course_style'])
    .select(['b.offering_id as bookable_offering_id', 'b.tutor_id as offering_tutor_id', 'b.course_number', 'b.tutor_name'])
    .select(sql<boolean>`not ${notOnDayOff}`.as('on_day_off'))
    .selectAll('terms')
    .where('m.id', '=', request.meeting)
    .forUpdate('m')
    .executeTakeFirst();
  if (!meeting || meeting.canceled || meeting.slot_id !== null || new Date(meeting.occurrence).getTime() <= nowMs()) {
    throw new Refusal('MeetingNotFound');
  }
  // No booking on the tutor's days off (days-off.ts). Days off made while this statement waited
  // for the row's lock cancel the hour if it was unbooked (seen above: the lock rereads the row),
  // but leave a booked one, whose second seat is then asked about again, after the lock.
  if (meeting.on_day_off || (meeting.reservations_taken > 0 && (await isOnDayOff(trx, meeting.tutor_id, meeting.occurrence)))) {
    throw new Refusal('MeetingNotFound');
  }
  const offeringId = meeting.bookable_offering_id;
  if (offeringId === null || meeting.offering_tutor_id !== meeting.tutor_id) throw new Refusal('OfferingNotFound');
  return { meeting, offeringId, again: await existingPayment(trx, customerId, meeting.id) };
}

/**
 * A one-time seat taken in the statement that writes its payment (the caller adds the payment's
 * insert): the meeting takes the booking's size, offering and place, and the customer's reservation
 * is written, held for a checkout or confirmed when paid with an hour. The meeting row is locked.
 */
function withOneTimeSeat(
  trx: Trx,
  seat: { meetingId: number; customerId: number; request: BookingRequest; offeringId: number },
  reservation: { status: 'held' | 'confirmed'; expires_at: Date | null; address_hash: string | null },
) {
  const { meetingId, customerId, request, offeringId } = seat;
  return trx
    .with('seat', (db) =>
      db
        .updateTable('meetings')
        .set((eb) => ({ capacity: request.capacity, offering_id: offeringId, course_style: request.course_style, reservations_taken: eb('reservations_taken', '+', 1) }))
        .where('id', '=', meetingId)
        .returning('id'),
    )
    .with('hold', (db) => db.insertInto('reservations').values({ meeting_id: meetingId, customer_id: customerId, subscription_id: null, ...reservation }).returning('id'));
}

/** Step 1 of a one-time booking: the seat and the payment row, committed. Returns the payment and how to send it. */
export async function takeOneTime(db: Db, provider: PaymentProvider, customerId: number, request: BookingRequest, addressHash: string | null, proven: boolean): Promise<Taken> {
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx): Promise<Taken> => {
    await abandonOtherCheckouts(trx, customerId, [request.meeting], addressHash);
    const { meeting, offeringId, again } = await lockOneTimeMeeting(trx, customerId, request);
    if (again) return [again, { abandonOnFailure: false }];
    if (!hasSeat(meeting, { capacity: request.capacity, offeringId, style: request.course_style })) {
      throw new Refusal('SeatTaken');
    }
    const terms = checkoutTerms(meeting, proven);

    // The seat taken, the hold and the payment written in one statement (the meeting row is locked above).
    const payment = await withOneTimeSeat(trx, { meetingId: meeting.id, customerId, request, offeringId }, { status: 'held', expires_at: holdExpiry(), address_hash: addressHash })
      .insertInto('payments')
      .values({
        customer_id: customerId,
        meeting_id: meeting.id,
        minutes_paid: 60,
        payment_status: INITIAL_STATUS.checkout,
        provider: provider.name,
        checkout_description: `${meeting.course_number} with ${meeting.tutor_name}`,
        // The server's clock, which the reconciliation pass compares it with (not the database's).
        inserted_at: now(),
        ...terms.payment,
      })
      .returning(CHECKOUT_COLUMNS)
      .executeTakeFirstOrThrow();
    return [{ ...payment, ...terms.customer }, { abandonOnFailure: true }];
  });
}

/**
 * A one-time booking paid with an hour of a package (pay_with=credits): the seat, the payment (paid
 * as written, no provider), the hour's use and the booking's event in one transaction, the meeting
 * locked first and then the customer (ledger.ts), so that of two bookings with one hour left exactly
 * one gets it and the other is refused NoCredits. An open card checkout of the customer's, this
 * meeting's too, is given up first: the customer chose hours instead.
 */
export async function bookWithHours(db: Db, customerId: number, request: BookingRequest, addressHash: string | null): Promise<CreditBooking> {
  await chooseTextReminders(db, customerId, request.text_reminders);
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx) => {
    await abandonOtherCheckouts(trx, customerId, [], addressHash);
    const { meeting, offeringId, again } = await lockOneTimeMeeting(trx, customerId, request);
    if (again) throw new Refusal('AlreadyBooked');
    if (!hasSeat(meeting, { capacity: request.capacity, offeringId, style: request.course_style })) throw new Refusal('SeatTaken');
    const lotId = await lotToDraw(trx, customerId, request.capacity);
    const payment = await withOneTimeSeat(trx, { meetingId: meeting.id, customerId, request, offeringId }, { status: 'confirmed', expires_at: null, address_hash: addressHash })
      .insertInto('payments')
      .values({ customer_id: customerId, meeting_id: meeting.id, minutes_paid: 60, amount_cents: 0, payment_status: INITIAL_STATUS.paidWithHours, provider: HOURS_PROVIDER, inserted_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordUse(trx, { customerId, lotId, meetingId: meeting.id, paymentId: payment.id });
    await openGradebook(trx, customerId, offeringId);
    await recordBooked(trx, payment.id);
    const left = await creditTotalQuery(trx, customerId).executeTakeFirstOrThrow();
    return { paid_with: 'credits', payment_id: payment.id, credits_left: left.total };
  });
}

/**
 * Weekly booking: takes a seat in every upcoming meeting of the slot, creates the subscription and
 * the first meeting's payment in one transaction, then asks the provider after the commit
 * (checkout.ts). Later meetings are charged one by one (subscription_pending).
 */
export async function bookWeekly(db: Db, provider: PaymentProvider, customerId: number, request: WeeklyRequest, addressHash: string | null, proven: boolean): Promise<CheckoutAnswer> {
  await chooseTextReminders(db, customerId, request.text_reminders);
  return sendCheckout(db, provider, ...(await takeWeekly(db, provider, customerId, request, addressHash, proven)));
}

/**
 * The locked weeks of a slot that a subscription may still take: up to the slot's last day (a
 * series ended from a date keeps its booked weeks after it, never offered again) and off the
 * tutor's days off (take-back.ts). Read after the weeks' locks, so an end or days off that
 * committed meanwhile are seen (the weeks they canceled are already left out by the lock's reread).
 */
async function weeksStillOffered<T extends { occurrence: Date | string }>(trx: Trx, slotId: number, weeks: T[]): Promise<T[]> {
  if (weeks.length === 0) return weeks;
  const times = weeks.map((w) => new Date(w.occurrence).getTime());
  // One statement: the slot's last day, with each of its tutor's days off among these weeks.
  const rows = await trx
    .selectFrom('slots as s')
    .leftJoin('tutor_days_off as d', (join) =>
      join.onRef('d.tutor_id', '=', 's.tutor_id').on('d.starts_at', '<=', new Date(times.at(-1)!)).on('d.ends_at', '>', new Date(times[0]!)),
    )
    .select(['s.last_day', 'd.starts_at', 'd.ends_at'])
    .where('s.id', '=', slotId)
    .execute();
  const lastDay = new Date(rows[0]!.last_day).getTime();
  const daysOff = rows.flatMap((r) => (r.starts_at && r.ends_at ? [{ starts_at: r.starts_at, ends_at: r.ends_at }] : []));
  return weeks.filter((_, i) => times[i]! <= lastDay && !dayOffAt(daysOff, times[i]!));
}

/**
 * The weeks of a weekly booking, locked in start order, with what every weekly booking checks:
 * the first is the meeting asked for, the offering is the tutor's, the customer is in none of them
 * yet, and each has the seat. With the customer's open checkout of the first week, if any (`again`).
 */
async function lockWeeklyMeetings(trx: Trx, customerId: number, request: WeeklyRequest, addressHash: string | null) {
  const slotMeetings = await trx.selectFrom('meetings').select('id').where('slot_id', '=', request.slot).execute();
  await abandonOtherCheckouts(trx, customerId, slotMeetings.map((m) => m.id), addressHash);
  const locked = await trx
    .selectFrom('meetings')
    .select(['id', 'tutor_id', 'occurrence', 'capacity', 'reservations_taken', 'offering_id as booked_offering_id', 'course_style'])
    .where('slot_id', '=', request.slot)
    .where('canceled', '=', false)
    .where('occurrence', '>', now())
    .orderBy('occurrence')
    .forUpdate()
    .execute();
  const meetings = await weeksStillOffered(trx, request.slot, locked);
  const first = meetings[0];
  if (!first) throw new Refusal('SlotNotFound');
  if (first.id !== request.meeting) throw new Refusal('MeetingNotFound');
  const offering = await findBookableOffering(trx, request.offering);
  if (!offering || offering.tutor_id !== first.tutor_id) throw new Refusal('OfferingNotFound');

  const again = await existingPayment(trx, customerId, first.id);
  if (again) return { meetings, first, offering, again };
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
  return { meetings, first, offering, again: undefined };
}

/**
 * A seat in every week (the meetings locked by lockWeeklyMeetings) and the subscription that holds
 * them: held for a checkout, or confirmed when the weeks are paid with hours.
 */
async function takeWeeklySeats(
  trx: Trx,
  seats: { customerId: number; request: WeeklyRequest; offeringId: number; meetingIds: number[]; payWith: 'card' | 'credits' },
  reservation: { status: 'held' | 'confirmed'; expires_at: Date | null; address_hash: string | null },
): Promise<number> {
  const { customerId, request, offeringId, meetingIds } = seats;
  await trx
    .updateTable('meetings')
    .set((eb) => ({ capacity: request.capacity, offering_id: offeringId, course_style: request.course_style, reservations_taken: eb('reservations_taken', '+', 1) }))
    .where('id', 'in', meetingIds)
    .execute();
  const subscription = await trx
    .insertInto('subscriptions')
    .values({ customer_id: customerId, slot_id: request.slot, offering_id: offeringId, course_style: request.course_style, capacity: request.capacity, pay_with: seats.payWith })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('reservations')
    .values(meetingIds.map((id) => ({ meeting_id: id, customer_id: customerId, subscription_id: subscription.id, ...reservation })))
    .execute();
  return subscription.id;
}

/** Step 1 of a weekly booking: the seats, the subscription and the first payment, committed. */
export async function takeWeekly(db: Db, provider: PaymentProvider, customerId: number, request: WeeklyRequest, addressHash: string | null, proven: boolean): Promise<Taken> {
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx): Promise<Taken> => {
    const { meetings, first, offering, again } = await lockWeeklyMeetings(trx, customerId, request, addressHash);
    if (again) return [again, { abandonOnFailure: false }];
    const subscriptionId = await takeWeeklySeats(
      trx,
      { customerId, request, offeringId: offering.offering_id, meetingIds: meetings.map((m) => m.id), payWith: 'card' },
      { status: 'held', expires_at: holdExpiry(), address_hash: addressHash },
    );
    const payment = await insertCheckout(
      trx,
      {
        customer_id: customerId,
        meeting_id: first.id,
        subscription_id: subscriptionId,
        minutes_paid: 60,
        payment_status: INITIAL_STATUS.checkout,
        provider: provider.name,
        checkout_description: `${offering.course_number} weekly with ${offering.tutor_name}`,
        // The server's clock, which the reconciliation pass compares it with (not the database's).
        inserted_at: now(),
      },
      checkoutTerms(await checkoutTermsQuery(trx, customerId, 'weekly', request.capacity).executeTakeFirstOrThrow(), proven),
    );
    return [payment, { abandonOnFailure: true }];
  });
}

/**
 * A weekly booking paid with hours of packages (pay_with=credits): every week's seat confirmed at
 * once, the first week paid with an hour now (refused NoCredits without one, nothing taken), and
 * each later week written as waiting for its hour, drawn when its skip window closes
 * (credits/weekly-draws.ts), at the weekly price it falls back to on the card when the hours run
 * out. In one transaction: the weeks locked in order, then the customer (ledger.ts).
 */
export async function bookWeeklyWithHours(db: Db, customerId: number, request: WeeklyRequest, addressHash: string | null): Promise<CreditBooking> {
  await chooseTextReminders(db, customerId, request.text_reminders);
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx) => {
    const { meetings, first, offering, again } = await lockWeeklyMeetings(trx, customerId, request, addressHash);
    if (again) throw new Refusal('AlreadyBooked');
    const lotId = await lotToDraw(trx, customerId, request.capacity);
    const terms = await checkoutTermsQuery(trx, customerId, 'weekly', request.capacity).executeTakeFirstOrThrow();
    if (terms.cents === null) throw new Refusal('DBError');
    const subscriptionId = await takeWeeklySeats(
      trx,
      { customerId, request, offeringId: offering.offering_id, meetingIds: meetings.map((m) => m.id), payWith: 'credits' },
      { status: 'confirmed', expires_at: null, address_hash: addressHash },
    );
    const payment = await trx
      .insertInto('payments')
      .values({ customer_id: customerId, meeting_id: first.id, subscription_id: subscriptionId, minutes_paid: 60, amount_cents: 0, payment_status: INITIAL_STATUS.paidWithHours, provider: HOURS_PROVIDER, inserted_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordUse(trx, { customerId, lotId, meetingId: first.id, paymentId: payment.id });
    await scheduleLaterWeeks(trx, { customer_id: customerId, meeting_id: first.id, subscription_id: subscriptionId, amount_cents: terms.cents, provider: HOURS_PROVIDER });
    await openGradebook(trx, customerId, offering.offering_id);
    await recordBooked(trx, payment.id);
    await tellWhenHoursRanOut(trx, { customerId, subscriptionId, capacity: request.capacity });
    const left = await creditTotalQuery(trx, customerId).executeTakeFirstOrThrow();
    return { paid_with: 'credits', payment_id: payment.id, credits_left: left.total };
  });
}
