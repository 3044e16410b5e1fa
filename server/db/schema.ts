import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreditEntryKind, StoredPaymentStatus } from '../../src/contract/entities.ts';

/** Table types for Kysely; they mirror migrations.ts. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

export interface Database {
  courses: {
    id: Generated<number>;
    course_number: string;
    course_name: string;
    school: string;
    /** Out of the booking flow and the public reads; bookings and gradebooks keep it (017). */
    archived: Generated<boolean>;
  };
  /**
   * Price changes (017): the current price of a (frequency, capacity) is its latest row whose
   * effective_at is at or before the server's clock; a row with a null effective_at is the opening
   * price, in effect before any change (server/domain/billing/prices.ts).
   */
  prices: {
    id: Generated<number>;
    frequency: 'weekly' | 'onetime';
    capacity: number;
    cents: number;
    effective_at: ColumnType<Date | null, Date | null, never>;
    /** The supervisor who entered the change; null for opening prices. */
    entered_by: ColumnType<number | null, number | null | undefined, never>;
  };
  /** Hour packages on sale or archived (028, server/domain/catalog/packages.ts). */
  packages: {
    id: Generated<number>;
    name: string;
    hours: number;
    bonus_hours: number;
    capacity: number;
    price_cents: number;
    valid_days: number;
    archived: Generated<boolean>;
    created_by: number | null;
    created_at: RequiredTimestamp;
  };
  tutors: {
    id: Generated<number>;
    name: string;
    email: string;
    phone: string;
    background: Generated<string>;
    role: Generated<'Supervisor' | 'Archived' | 'Tutor'>;
    calendar_token_hash: Generated<string | null>;
    calendar_token_created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Timestamp;
  };
  offerings: {
    id: Generated<number>;
    tutor_id: number;
    course_id: number;
    qualification: string;
    archived: Generated<boolean>;
  };
  customers: {
    id: Generated<number>;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    provider_customer_id: string | null;
    payment_method_id: string | null;
    payment_method_label: string | null;
    /** False while an account made by the contact form has not used a login link (account-proof.ts). */
    email_proven: Generated<boolean>;
    /** False while an account made by the contact form has not used a texted code. */
    phone_proven: Generated<boolean>;
    /** Reminders by text too (chosen at booking, default on; off by the link in each reminder). */
    text_reminders: Generated<boolean>;
    calendar_token_hash: Generated<string | null>;
    calendar_token_created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Timestamp;
  };
  slots: {
    id: Generated<number>;
    tutor_id: number;
    anchor: RequiredTimestamp;
    duration_mins: number;
    last_day: RequiredTimestamp;
    created_at: Timestamp;
  };
  meetings: {
    id: Generated<number>;
    tutor_id: number;
    slot_id: number | null;
    occurrence: RequiredTimestamp;
    duration_mins: Generated<number>;
    notes: Generated<string>;
    offering_id: number | null;
    course_style: 'in-person' | 'online' | null;
    capacity: Generated<number>;
    reservations_taken: Generated<number>;
    canceled: Generated<boolean>;
    /** SEQUENCE of the meeting's calendar invites, raised by each move; the last one told (010). */
    calendar_sequence: Generated<number>;
    notified_sequence: Generated<number>;
    /** Where the last move took it from (told in the update). */
    moved_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** The staff member who canceled a meeting after its start (a supervisor), and why (015). */
    canceled_by: Generated<number | null>;
    cancel_reason: Generated<string | null>;
    /** Availability the tutor took back (018): 'deleted', 'series_ended' or 'day_off'; null otherwise. */
    taken_back: Generated<'deleted' | 'series_ended' | 'day_off' | null>;
    /** The lesson report (019): attendance (null until recorded), the customer's homework, staff's private note. */
    attendance: Generated<'attended' | 'late' | 'no-show' | null>;
    homework: Generated<string>;
    private_note: Generated<string>;
    /**
     * Paid time (025, decision 022): the minutes payroll pays, null while the duration was never
     * changed (it pays `duration_mins`). A change awaiting a supervisor's approval has
     * `duration_requested_at` (and who entered it; null for one entered before the rule).
     */
    paid_mins: Generated<number | null>;
    duration_requested_by: Generated<number | null>;
    duration_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    duration_approved_by: Generated<number | null>;
    duration_approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Timestamp;
  };
  /**
   * Every change of a meeting's duration or paid time (025), as it left the meeting: `requested`
   * (entered, awaiting approval), `set` (a supervisor's change of another tutor's session),
   * `approved` (as entered), `edited` (approved at other minutes). Only added to.
   */
  duration_changes: {
    id: Generated<number>;
    meeting_id: number;
    kind: 'requested' | 'set' | 'approved' | 'edited';
    duration_mins: number;
    paid_mins: number;
    /** Null only for changes entered before approvals were asked (the migration's). */
    changed_by: number | null;
    changed_at: RequiredTimestamp;
  };
  /** A tutor's days off (018): whole days in the site's zone, and the instants they cover. */
  tutor_days_off: {
    id: Generated<number>;
    tutor_id: number;
    first_day: string;
    last_day: string;
    starts_at: RequiredTimestamp;
    ends_at: RequiredTimestamp;
    created_by: number | null;
    created_at: Timestamp;
  };
  tutor_pay_rates: {
    id: Generated<number>;
    tutor_id: number;
    hourly_rate_cents: number;
    /** YYYY-MM-DD in the site's zone. */
    effective_day: string;
    entered_by: number;
    entered_at: Timestamp;
  };
  payroll_periods: {
    /** The pay period's first and last day, YYYY-MM-DD in the site's zone. */
    first_day: string;
    last_day: string;
    paid_at: RequiredTimestamp;
    paid_by: number;
  };
  payroll_lines: {
    meeting_id: number;
    period_first_day: string;
    tutor_id: number;
    minutes: number;
    /** The rate of the meeting's day; null when the tutor had none then (the line pays nothing). */
    rate_cents: number | null;
    cents: number;
    /** The difference an approval after the session's own line was paid made (025): minutes may be below zero. */
    adjustment: Generated<boolean>;
  };
  tutor_onboarding: {
    tutor_id: number;
    item: string;
    done_by: number;
    done_at: RequiredTimestamp;
  };
  /** Tutors' photos (026, server/photo-store/database.ts): the JPEG as kept, and its version. */
  tutor_photos: {
    tutor_id: number;
    version: string;
    jpeg: Uint8Array;
  };
  embed_origins: {
    origin: string;
    added_by: number;
    added_at: RequiredTimestamp;
  };
  subscriptions: {
    id: Generated<number>;
    customer_id: number;
    slot_id: number;
    offering_id: number;
    course_style: 'in-person' | 'online';
    capacity: number;
    status: Generated<'active' | 'canceled'>;
    /** How its weeks are paid (030): by the card on file, or with hours of packages (credits/weekly-draws.ts). */
    pay_with: Generated<'card' | 'credits'>;
    /** A subscription paid with hours: when the customer was told its hours ran out (until a week is paid with one again). */
    hours_out_told_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Timestamp;
  };
  reservations: {
    id: Generated<number>;
    meeting_id: number;
    customer_id: number;
    subscription_id: number | null;
    status: 'held' | 'confirmed' | 'released';
    expires_at: Date | string | null;
    /** Keyed hash of the client address the seat was held from (null before 004 and outside checkouts). */
    address_hash: Generated<string | null>;
    created_at: Timestamp;
  };
  payments: {
    id: Generated<number>;
    customer_id: number;
    /** The meeting paid for; null for an hour package's payment (029), which names `package_id`. */
    meeting_id: number | null;
    package_id: Generated<number | null>;
    subscription_id: number | null;
    is_incremental: Generated<boolean>;
    minutes_paid: number;
    amount_cents: number;
    /** The lifecycle of server/domain/billing/payment-lifecycle.ts; every write goes through it. */
    payment_status: StoredPaymentStatus;
    provider: string;
    provider_intent_id: string | null;
    client_secret: string | null;
    /** Canceled, and the provider's refund not confirmed yet. */
    refund_pending: Generated<boolean>;
    /** A weekly meeting's charge: last claimed by the due-charges job, tries so far, a declined one's retry (006). */
    charge_claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    charge_attempts: Generated<number>;
    charge_retry_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** A booking checkout: paid by a typed card or the card on file; null for other payments (007). */
    checkout: Generated<'card_entry' | 'saved_card' | null>;
    /** The card on file a saved-card checkout charges (the same call is repeated after a crash). */
    checkout_card_id: Generated<string | null>;
    /** What the provider's intent says it is for (a repeated call sends the same). */
    checkout_description: Generated<string | null>;
    /** An ended checkout whose provider side the reconciliation pass has verified. */
    reconciled: Generated<boolean>;
    /** When the provider confirmed the refund of its charge (008); null when nothing was refunded. */
    refunded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** What the message planner told of this payment before decision 024 (events); no longer read. */
    notified_booking: Generated<boolean>;
    notified_receipt: Generated<boolean>;
    notified_refund: Generated<boolean>;
    notified_cancel: Generated<boolean>;
    /** Overtime: the staff member who entered it; the supervisor who refunded it (015). */
    entered_by: Generated<number | null>;
    refunded_by: Generated<number | null>;
    refund_reason: Generated<string | null>;
    inserted_at: Timestamp;
  };
  webhook_events: { id: string; received_at: Timestamp };
  /** Hours of one size that came together: a package bought, or a supervisor's adjustment (029). */
  credit_lots: {
    id: Generated<number>;
    customer_id: number;
    capacity: number;
    payment_id: number | null;
    package_id: number | null;
    paid_hours: number;
    bonus_hours: number;
    price_cents: number;
    expires_at: RequiredTimestamp;
    expiry_warned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: RequiredTimestamp;
  };
  /** The ledger of customers' hours (029): signed, each with its lot; the only source of a balance. */
  credit_entries: {
    id: Generated<string>;
    customer_id: number;
    lot_id: number;
    kind: CreditEntryKind;
    hours: number;
    meeting_id: Generated<number | null>;
    payment_id: Generated<number | null>;
    reason: Generated<string | null>;
    entered_by: Generated<number | null>;
    created_at: RequiredTimestamp;
  };
  /** A supervisor's refund of a purchase's unused hours (031): pro rata to its price per paid hour, sent to the card once. */
  credit_refunds: {
    id: Generated<number>;
    lot_id: number;
    payment_id: number;
    hours: number;
    amount_cents: number;
    reason: string;
    cause: Generated<'unused' | 'guarantee'>;
    entered_by: number;
    created_at: RequiredTimestamp;
    /** When the provider confirmed it; null while it is still to send (the reconciliation pass retries). */
    refunded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  /** A student's claim of the pass guarantee (032): one per gradebook, decided by a supervisor. */
  guarantee_claims: {
    id: Generated<number>;
    gradebook_id: number;
    customer_id: number;
    final_grade: string;
    hours_counted: number | string;
    classes_counted: number;
    status: Generated<'open' | 'approved' | 'declined'>;
    decided_by: Generated<number | null>;
    decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    decline_reason: Generated<string | null>;
    refund_cents: Generated<number | null>;
    created_at: RequiredTimestamp;
  };
  gradebooks: {
    id: Generated<number>;
    customer_id: number;
    course_id: number;
    archived: Generated<boolean>;
    created_at: Timestamp;
  };
  grade_categories: {
    id: Generated<number>;
    gradebook_id: number;
    name: string;
    weight_percent: number;
    drops: Generated<number>;
  };
  grades: {
    id: Generated<number>;
    gradebook_id: number;
    category_id: number;
    name: string;
    points_recieved_hundreths: number;
    points_total_hundreths: number;
    due_date: RequiredTimestamp;
    entered_at: Timestamp;
  };
  login_tokens: {
    id: Generated<number>;
    token_hash: string;
    customer_id: number | null;
    tutor_id: number | null;
    expires_at: RequiredTimestamp;
    used_at: Date | string | null;
    created_at: Timestamp;
  };
  verification_codes: {
    id: string;
    customer_id: number | null;
    tutor_id: number | null;
    code_hash: string;
    attempts: Generated<number>;
    expires_at: RequiredTimestamp;
    used_at: Date | string | null;
    created_at: Timestamp;
  };
  /**
   * Sign-ins (domain/sign-in/sign-ins.ts): one row per browser signed in to an account, keyed by the hash
   * of the `sid`/`esid` cookie's secret. The table keeps its first name, `sessions`, which backups
   * and migrations carry; in the code it is a sign-in, never a tutoring session (a meeting).
   */
  sessions: {
    id_hash: string;
    customer_id: number | null;
    tutor_id: number | null;
    expires_at: RequiredTimestamp;
    /** False for the sign-in the contact form opens: it may not use a saved card. */
    proven: boolean;
    /** Written at most hourly (sign-ins.ts); the idle time-out counts from it. */
    last_used_at: RequiredTimestamp;
    created_at: Timestamp;
  };
  rate_limits: { bucket: string; key_hash: string; hits: number; window_ends: RequiredTimestamp };
  app_secrets: { name: string; secret: string };
  sign_in_addresses: { account: string; address_hash: string; signed_in_at: RequiredTimestamp };
  outbox: {
    id: Generated<number>;
    channel: 'email' | 'sms';
    to: string;
    subject: Generated<string>;
    text: string;
    link: string | null;
    html: Generated<string | null>;
    ics: Generated<string | null>;
    /** The message's key (`event:{id}:{n}`, `reminder:…`): once per key (migration 027). */
    message_key: Generated<string | null>;
    created_at: Timestamp;
  };
  events: {
    id: Generated<string>;
    kind: string;
    /** The event's facts (server/events/kinds.ts), as JSON. */
    facts: ColumnType<unknown, string, string>;
    occurred_at: RequiredTimestamp;
    told_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  notifications: {
    id: Generated<string>;
    dedupe_key: string | null;
    channel: 'email' | 'sms';
    to_address: string;
    subject: Generated<string>;
    text: string;
    html: string | null;
    link: string | null;
    ics: string | null;
    ics_method: string | null;
    status: Generated<'queued' | 'sending' | 'sent' | 'refused' | 'failed'>;
    attempts: Generated<number>;
    not_before: RequiredTimestamp;
    claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    last_error: string | null;
    created_at: RequiredTimestamp;
  };
}

export type TutorRow = Selectable<Database['tutors']>;
export type CustomerRow = Selectable<Database['customers']>;
