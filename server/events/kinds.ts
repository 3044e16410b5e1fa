/**
 * What happened that someone must be told of: the typed events a domain change records in its own
 * transaction (record.ts), each with the facts its messages need, read while the change held them
 * (a canceled meeting no longer names its course, a re-assigned one its old tutor). The messages
 * of each kind come from a pure function of the event (server/notify/event-messages.ts); delivery
 * is the job queue's (decision 024).
 *
 * Facts are plain data (stored as JSON): times are Dates here and ISO text in the row.
 */

/** A meeting as messages and calendar entries tell of it (server/domain/meeting-facts.ts reads it). */
export interface MeetingFacts {
  id: number;
  start: Date;
  minutes: number;
  courseName: string | null;
  /** 'Online', or the in-person place of the course's school. */
  place: string;
  tutor: { id: number; name: string; email: string; phone: string };
  /** The calendar entry's SEQUENCE (meetings.calendar_sequence). */
  sequence: number;
}

/** A customer as messages address them. */
export interface CustomerFacts {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  /** The last four digits of the card on file, when there is one (receipts name it). */
  card: string | null;
}

/** A checkout was paid: the customer's confirmation and the tutor's notice (every week of a weekly booking). */
export interface MeetingBooked {
  kind: 'MeetingBooked';
  paymentId: number;
  customer: CustomerFacts;
  weekly: boolean;
  /** In start order. */
  meetings: MeetingFacts[];
}

/** A charge went through: a checkout, a week of a subscription, or overtime. */
export interface PaymentSucceeded {
  kind: 'PaymentSucceeded';
  paymentId: number;
  customer: CustomerFacts;
  meeting: MeetingFacts;
  amountCents: number;
  charge: 'booking' | 'weekly' | 'overtime';
  /** Overtime: who entered the extra time. */
  enteredBy: string | null;
}

/** The provider confirmed a refund. */
export interface PaymentRefunded {
  kind: 'PaymentRefunded';
  paymentId: number;
  customer: CustomerFacts;
  meeting: MeetingFacts;
  amountCents: number;
}

/** Staff canceled a meeting: each customer booked on it is told (and refunded, if charged). */
export interface MeetingCanceled {
  kind: 'MeetingCanceled';
  meeting: MeetingFacts;
  /** `hoursBack`: the booking was paid with an hour of a package, and the hour is back in the customer's hours. */
  bookings: { paymentId: number; customer: CustomerFacts; refunded: boolean; hoursBack?: boolean }[];
}

/**
 * A student skipped a meeting or ended a weekly subscription (its weeks still ahead), or a week of a
 * subscription paid with hours was not booked: no hour left and no card on file (`unpaid-week`).
 */
export interface BookingCanceled {
  kind: 'BookingCanceled';
  cause: 'skipped' | 'subscription-canceled' | 'unpaid-week';
  paymentIds: number[];
  customer: CustomerFacts;
  /** In start order. */
  meetings: MeetingFacts[];
  refunded: boolean;
  /** Paid with hours of packages: the hours are back in the customer's hours. */
  hoursBack?: boolean;
  /** The meetings nobody else is booked on any more: their entries leave the tutor's calendar. */
  emptied: number[];
}

/** A booked meeting has a new start: everyone on it gets the updated entry. */
export interface MeetingMoved {
  kind: 'MeetingMoved';
  meeting: MeetingFacts;
  previousStart: Date | null;
  customers: CustomerFacts[];
}

/** Booked meetings went to another tutor (one meeting, or a series' weeks from a day on). */
export interface Reassigned {
  kind: 'Reassigned';
  /** The meetings as they are now (the new tutor's), earliest first: only those someone booked. */
  meetings: MeetingFacts[];
  /** The same meetings as they were, with the tutor who had them. */
  before: MeetingFacts[];
  previousTutor: string;
  /** Where a meeting was before this change, for those it moved. */
  previousStarts: { meetingId: number; start: Date }[];
  series: boolean;
  /** Who is booked on which of the meetings. */
  bookings: { customer: CustomerFacts; meetingIds: number[] }[];
}

/** A weekly charge was declined, or the customer's bank wants it confirmed. */
export interface ChargeDeclined {
  kind: 'ChargeDeclined';
  paymentId: number;
  attempt: number;
  reason: 'declined' | 'requires_action';
  customer: { firstname: string; email: string };
  tutorName: string;
  start: Date;
  /** When it is tried again, if it is. */
  retryAt: Date | null;
}

/** An hour package was paid: its receipt names the hours and their expiry. */
export interface PackagePurchased {
  kind: 'PackagePurchased';
  paymentId: number;
  customer: CustomerFacts;
  packageName: string;
  capacity: 1 | 2;
  paidHours: number;
  bonusHours: number;
  amountCents: number;
  expiresAt: Date;
}

/** The provider confirmed a refund of an hour package's payment (a late charge of one given up). */
export interface PackageRefunded {
  kind: 'PackageRefunded';
  paymentId: number;
  customer: CustomerFacts;
  packageName: string;
  amountCents: number;
}

/** A package's hours left expire in 14 days (told once per purchase). */
export interface CreditsExpiring {
  kind: 'CreditsExpiring';
  lotId: number;
  customer: CustomerFacts;
  packageName: string;
  capacity: 1 | 2;
  hoursLeft: number;
  expiresAt: Date;
}

/**
 * A weekly subscription paid with hours used the last hour of its size: the weeks to come go to the
 * card on file (`customer.card`), or are not booked without one, unless more hours are bought.
 * Told before the first card charge (credits/weekly-draws.ts).
 */
export interface WeeklyHoursRanOut {
  kind: 'WeeklyHoursRanOut';
  subscriptionId: number;
  customer: CustomerFacts;
  capacity: 1 | 2;
  tutorName: string;
  /** The next week to pay. */
  start: Date;
  /** What the card is charged for it. */
  amountCents: number;
}

/** A supervisor decided a claim of the pass guarantee: approved (and refunded), or declined with a reason. */
export interface GuaranteeClaimDecided {
  kind: 'GuaranteeClaimDecided';
  claimId: number;
  customer: CustomerFacts;
  courseNumber: string;
  approved: boolean;
  refundCents: number;
  reason: string | null;
}

export type DomainEvent =
  | MeetingBooked
  | PaymentSucceeded
  | PaymentRefunded
  | MeetingCanceled
  | BookingCanceled
  | MeetingMoved
  | Reassigned
  | ChargeDeclined
  | PackagePurchased
  | PackageRefunded
  | CreditsExpiring
  | WeeklyHoursRanOut
  | GuaranteeClaimDecided;
export type EventKind = DomainEvent['kind'];

/** An event as stored: its row's id names it in every message key (`event:{id}:{n}`). */
export type RecordedEvent = DomainEvent & { id: string; occurredAt: Date };
