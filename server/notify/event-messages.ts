/**
 * The messages each kind of event owes, as pure functions of the event: no database, no clock (an
 * invite's DTSTAMP is the event's time), so each is tested on its own (tests/unit/server/
 * event-messages.test.ts). The relay (delivery.ts) keys the n-th message of event e `event:e:n`.
 */
import { invite } from '../domain/calendar/ics.ts';
import type { BookingCanceled, ChargeDeclined, CreditsExpiring, CustomerFacts, MeetingBooked, MeetingCanceled, MeetingFacts, MeetingMoved, PackagePurchased, PackageRefunded, PaymentRefunded, GuaranteeClaimDecided, PaymentSucceeded, Reassigned, RecordedEvent, WeeklyHoursRanOut } from '../events/kinds.ts';
import type { Message } from '../domain/sign-in/outgoing.ts';
import {
  bookingConfirmation,
  chargeReceipt,
  creditsExpiringNotice,
  customerCancellation,
  customerReassigned,
  guaranteeClaimAnswer,
  type Links,
  linksFor,
  meetingMoved,
  overtimeReceipt,
  packageReceipt,
  packageRefundReceipt,
  refundReceipt,
  tutorBookingNotice,
  tutorCancellationNotice,
  tutorReassignedAway,
  tutorReassignedTo,
  weeklyChargeProblem,
  weeklyHoursRanOut,
} from './templates.ts';

export const fullName = (c: { firstname: string; lastname: string }) => `${c.firstname} ${c.lastname}`.trim();
/** A customer as an attendee of a calendar invite. */
export const attendee = (c: { firstname: string; lastname: string; email: string }) => ({ name: fullName(c), email: c.email });

/** What every function below is given besides its event: the links and the invites' stamp. */
interface Context {
  links: Links;
  stamp: Date;
}

type Entries = { meeting: MeetingFacts; attendees: { name: string; email: string }[] }[];
const ownEntries = (meetings: MeetingFacts[], customer: CustomerFacts): Entries => meetings.map((meeting) => ({ meeting, attendees: [attendee(customer)] }));

/** The customer's confirmation and the tutor's notice (email and text), each with the invite. */
export function bookedMessages(event: MeetingBooked, { links, stamp }: Context): Message[] {
  if (event.meetings.length === 0) return [];
  const entries = ownEntries(event.meetings, event.customer);
  return [
    bookingConfirmation(links, event.customer, event.meetings, event.weekly, invite(entries, 'REQUEST', links.siteUrl, stamp)),
    ...tutorBookingNotice(links, fullName(event.customer), event.meetings, event.weekly, invite(entries, 'REQUEST', links.siteUrl, stamp)),
  ];
}

/** The receipt; overtime's names who entered the extra time. Nothing for a charge of nothing. */
export function receiptMessages(event: PaymentSucceeded, { links }: Context): Message[] {
  if (event.amountCents <= 0) return [];
  const { customer, meeting, amountCents, paymentId } = event;
  return [
    event.charge === 'overtime'
      ? overtimeReceipt(links, customer, meeting, amountCents, customer.card, paymentId, event.enteredBy ?? meeting.tutor.name)
      : chargeReceipt(links, customer, meeting, event.charge, amountCents, customer.card, paymentId),
  ];
}

export function refundMessages(event: PaymentRefunded, { links }: Context): Message[] {
  return [refundReceipt(links, event.customer, event.meeting, event.amountCents, event.customer.card, event.paymentId)];
}

/** Staff canceled: each customer's entry goes (CANCEL), with what happens to their money. */
export function meetingCanceledMessages(event: MeetingCanceled, { links, stamp }: Context): Message[] {
  return event.bookings.map(({ customer, refunded, hoursBack }) =>
    customerCancellation(links, customer, [event.meeting], 'tutor-canceled', { refunded, hoursBack }, invite(ownEntries([event.meeting], customer), 'CANCEL', links.siteUrl, stamp)),
  );
}

/** A skip or an ended subscription: the customer's entries go, and the tutor is told (their entry goes when nobody is left on it). */
export function bookingCanceledMessages(event: BookingCanceled, { links, stamp }: Context): Message[] {
  if (event.meetings.length === 0) return [];
  const entries = ownEntries(event.meetings, event.customer);
  const emptied = entries.filter((entry) => event.emptied.includes(entry.meeting.id));
  return [
    customerCancellation(links, event.customer, event.meetings, event.cause, { refunded: event.refunded, hoursBack: event.hoursBack }, invite(entries, 'CANCEL', links.siteUrl, stamp)),
    ...tutorCancellationNotice(links, fullName(event.customer), event.meetings, event.cause, emptied.length > 0 ? invite(emptied, 'CANCEL', links.siteUrl, stamp) : undefined),
  ];
}

/** The updated entry (same UID, higher SEQUENCE) to each customer on the meeting and to its tutor. */
export function movedMessages(event: MeetingMoved, { links, stamp }: Context): Message[] {
  if (event.customers.length === 0) return [];
  const { meeting, previousStart } = event;
  return [
    ...event.customers.map((customer) => meetingMoved(links, customer, meeting, previousStart, invite(ownEntries([meeting], customer), 'REQUEST', links.siteUrl, stamp))),
    meetingMoved(links, { firstname: meeting.tutor.name, email: meeting.tutor.email }, meeting, previousStart, invite([{ meeting, attendees: event.customers.map(attendee) }], 'REQUEST', links.siteUrl, stamp), true),
  ];
}

/**
 * Each customer the updated invite naming the new tutor (same UIDs, the new SEQUENCE), the tutor
 * who had the meetings a CANCEL of their entries (email and text), the new tutor the invite and a
 * text as for a booking.
 */
export function reassignedMessages(event: Reassigned, { links, stamp }: Context): Message[] {
  if (event.meetings.length === 0) return [];
  const change = { meetings: event.meetings, previousTutor: event.previousTutor, previousStarts: new Map(event.previousStarts.map((p) => [p.meetingId, p.start])), series: event.series };
  const attendeesOf = (meetingId: number) => event.bookings.filter((b) => b.meetingIds.includes(meetingId)).map((b) => attendee(b.customer));
  const everyone = event.bookings.map((b) => fullName(b.customer));
  const messages: Message[] = event.bookings.map(({ customer, meetingIds }) => {
    const own = event.meetings.filter((m) => meetingIds.includes(m.id));
    return customerReassigned(links, customer, { ...change, meetings: own }, invite(ownEntries(own, customer), 'REQUEST', links.siteUrl, stamp));
  });
  messages.push(...tutorReassignedAway(links, event.before, everyone, change, invite(event.before.map((meeting) => ({ meeting, attendees: attendeesOf(meeting.id) })), 'CANCEL', links.siteUrl, stamp)));
  messages.push(...tutorReassignedTo(links, everyone, change, invite(event.meetings.map((meeting) => ({ meeting, attendees: attendeesOf(meeting.id) })), 'REQUEST', links.siteUrl, stamp)));
  return messages;
}

/** The customer's notice of a declined weekly charge, or of one their bank wants confirmed. */
export function chargeDeclinedMessages(event: ChargeDeclined, { links }: Context): Message[] {
  return [weeklyChargeProblem(links, event.customer, event.tutorName, event.start, event.reason, event.retryAt)];
}

/** An hour package's receipt, naming the hours and their expiry. */
export function packagePurchasedMessages(event: PackagePurchased, { links }: Context): Message[] {
  return [packageReceipt(links, event.customer, event, event.customer.card, event.paymentId)];
}

export function packageRefundedMessages(event: PackageRefunded, { links }: Context): Message[] {
  return [packageRefundReceipt(links, event.customer, event.packageName, event.amountCents, event.customer.card, event.paymentId)];
}

export function creditsExpiringMessages(event: CreditsExpiring, { links }: Context): Message[] {
  return [creditsExpiringNotice(links, event.customer, event)];
}

export function guaranteeClaimDecidedMessages(event: GuaranteeClaimDecided, { links }: Context): Message[] {
  return [guaranteeClaimAnswer(links, event.customer, event)];
}

export function weeklyHoursRanOutMessages(event: WeeklyHoursRanOut, { links }: Context): Message[] {
  return [weeklyHoursRanOut(links, event.customer, event)];
}

/** Every event's messages, by its kind. */
export function messagesOf(event: RecordedEvent, siteUrl: string): Message[] {
  const context: Context = { links: linksFor(siteUrl), stamp: event.occurredAt };
  switch (event.kind) {
    case 'MeetingBooked':
      return bookedMessages(event, context);
    case 'PaymentSucceeded':
      return receiptMessages(event, context);
    case 'PaymentRefunded':
      return refundMessages(event, context);
    case 'MeetingCanceled':
      return meetingCanceledMessages(event, context);
    case 'BookingCanceled':
      return bookingCanceledMessages(event, context);
    case 'MeetingMoved':
      return movedMessages(event, context);
    case 'Reassigned':
      return reassignedMessages(event, context);
    case 'ChargeDeclined':
      return chargeDeclinedMessages(event, context);
    case 'PackagePurchased':
      return packagePurchasedMessages(event, context);
    case 'PackageRefunded':
      return packageRefundedMessages(event, context);
    case 'CreditsExpiring':
      return creditsExpiringMessages(event, context);
    case 'WeeklyHoursRanOut':
      return weeklyHoursRanOutMessages(event, context);
    case 'GuaranteeClaimDecided':
      return guaranteeClaimDecidedMessages(event, context);
  }
}
