/**
 * The entities as they travel on the wire (docs/spec/contract.md, "Shapes that the spec abbreviates").
 * Times are integer epoch seconds, durations minutes, money cents, grade points hundredths.
 * Ids are opaque: compare them as strings, never do arithmetic on them.
 */

export type Id = number | string;
export type UserType = 'customer' | 'tutor';
export type CourseStyle = 'in-person' | 'online';
export type Frequency = 'weekly' | 'onetime';
/** Seats of a booked meeting: one-on-one or group-of-two. */
export type BookingCapacity = 1 | 2;
export type TutorRole = 'Supervisor' | 'Archived' | 'Tutor';
/**
 * Every value a payment's status takes, as stored and sent (server/domain/billing/payment-lifecycle.ts names
 * which may become which). `requires_action` waits for the customer (3-D Secure); `abandoned` is a
 * checkout given up (its hold ran out, another checkout took over): stored, never listed to clients.
 */
export type StoredPaymentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'subscription_pending' | 'canceled' | 'abandoned';
/** On the wire: a client shows any other value raw (spec 2 §4), so it reads the status as open. */
export type PaymentStatus = StoredPaymentStatus | (string & {});

export interface Course {
  id: Id;
  course_number: string;
  course_name: string;
  school: string;
}

/** Cents per student for one hour, keyed by size ("1" or "2"). */
export interface Prices {
  subscription: Record<'1' | '2', number>;
  onetime: Record<'1' | '2', number>;
}

/**
 * A course as the supervisor's catalog read sees it (GET /api/courses?show_archived=true,
 * docs/contract-extensions.md): the contract's fields, whether it is archived, and how many
 * unarchived offerings (tutors' qualifications) it has, which must be none to archive it.
 */
export interface CatalogCourse extends Course {
  archived: boolean;
  active_offerings: number;
}

/**
 * An hour package on sale (GET /api/packages): `hours` of one size (`capacity`: one-on-one or
 * group-of-two) for `price_cents`, plus `bonus_hours` given with them, usable for `valid_days`
 * after the purchase.
 */
export interface HourPackage {
  id: Id;
  name: string;
  hours: number;
  bonus_hours: number;
  capacity: BookingCapacity;
  price_cents: number;
  valid_days: number;
}

/** A package as supervisors list it (GET /api/packages?show_archived=true): archived ones too. */
export interface CatalogPackage extends HourPackage {
  archived: boolean;
}

/** What changed a customer's hours: the ledger's kinds of entry (docs/contract-extensions.md 'Hour packages'). */
export type CreditEntryKind = 'purchase' | 'bonus' | 'use' | 'return' | 'expiry' | 'refund' | 'adjustment';

/** Hours of one size that came together (a package bought, or a supervisor's adjustment), and what is left of them. */
export interface CreditLot {
  id: Id;
  capacity: BookingCapacity;
  /** The package bought; null for a supervisor's adjustment. */
  package_name: string | null;
  paid_hours: number;
  bonus_hours: number;
  price_cents: number;
  /** What is left to book with (0 once expired). */
  hours_left: number;
  expired: boolean;
  expires_at_epoch: number;
  bought_at_epoch: number;
}

/** One change of a customer's hours: positive adds, negative takes. */
export interface CreditEntry {
  id: Id;
  kind: CreditEntryKind;
  hours: number;
  capacity: BookingCapacity;
  lot_id: Id;
  /** The meeting an hour was used on or returned from. */
  meeting_id: Id | null;
  /** Why: a supervisor's adjustment and refund say it. */
  reason: string | null;
  /** The staff member who made it; null for the customer's own and the system's entries. */
  entered_by: string | null;
  at_epoch: number;
}

/** A customer's hours (GET /api/customers/myself/credits): the balance per size, the lots, the ledger newest first. */
export interface Credits {
  /** Hours left, all sizes together (as GET /api/customers/myself `credits`). */
  total: number;
  /** Both sizes, one-on-one first. */
  balance: { capacity: BookingCapacity; hours: number }[];
  /** Newest first. */
  lots: CreditLot[];
  /** Newest first. */
  entries: CreditEntry[];
}

/** The sites allowed to embed the booking widget (GET and PUT /api/embed/origins): `scheme://host[:port]`, sorted. */
export interface EmbedOrigins {
  origins: string[];
}

/** One price (cents per student for an hour) and when it took effect (GET /api/prices/history). */
export interface PriceEntry {
  frequency: Frequency;
  capacity: BookingCapacity;
  cents: number;
  /** When it took effect; null for an opening price (in effect before any recorded change). */
  effective_epoch: number | null;
  /** The supervisor who entered it; null for an opening price. */
  entered_by: { id: Id; name: string } | null;
}

/** The supervisor's read of the prices: those in effect now, and the latest changes, newest first. */
export interface PriceHistory {
  current: PriceEntry[];
  changes: PriceEntry[];
}

/** What a row of a course import does (POST /api/courses/import). */
export type CourseImportStatus = 'new' | 'unchanged' | 'renamed' | 'invalid';

export interface CourseImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  course_number: string;
  course_name: string;
  school: string;
  status: CourseImportStatus;
  /** Why an invalid row is refused. */
  reason?: string;
  /** The course this row names, when it exists (unchanged or renamed). */
  course_id?: Id;
  /** A renamed course's name before the import. */
  previous_name?: string;
}

export interface CourseImport {
  rows: CourseImportRow[];
  counts: Record<CourseImportStatus, number>;
  /** False for a preview (dry_run) or a refused import; true once the rows are written. */
  written: boolean;
}

/** The public face of a tutor: what anonymous visitors and customers see. */
export interface PublicTutor {
  id: Id;
  name: string;
  background: string;
  role: TutorRole;
}

/** A tutor as staff see it. */
export interface Tutor extends PublicTutor {
  email: string;
  phone: string;
}

export interface Offering {
  id: Id;
  qualification: string;
  archived: boolean;
  course: Course;
  tutor: PublicTutor;
}

/** A bookable meeting as the booking flow sees it (GET /api/meetings). */
export interface BookableMeeting {
  id: Id;
  occurrence_epoch: number;
  duration_mins: number;
  offering: Offering;
}

/** A weekly slot with its upcoming meetings, earliest first (GET /api/slots). */
export interface BookableSlot {
  slot: { id: Id; anchor_epoch: number; duration_mins: number };
  meetings: BookableMeeting[];
  offering: Offering;
}

/** A meeting as the dashboards see it. */
export interface Meeting {
  id: Id;
  occurrence_epoch: number;
  duration_mins: number;
  notes: string;
  course_style: CourseStyle | null;
  capacity: number;
  reservations_taken: number;
  tutor: { id: Id; name: string; phone: string; email: string };
  offering: { course: { course_number: string; course_name: string } } | null;
  /**
   * The weekly series the meeting is a week of, or null for a one-off meeting (this product's
   * addition, docs/contract-extensions.md: the tutor's card offers 'Remove this week' and 'End
   * series…' for a week, 'Delete' for a one-off). Absent from a backend that knows only the contract.
   */
  slot?: { id: Id } | null;
  /**
   * The lesson report beside the summary (this product's addition, docs/contract-extensions.md
   * 'Lesson reports'), absent from a backend that knows only the contract. `homework` is the
   * customer's ('' when none) and comes in every read of the meeting.
   */
  homework?: string;
  /** Staff reads only (a tutor's meetings, the supervisor's summaries, a staff change's answer), never a customer's. Null until recorded. */
  attendance?: Attendance | null;
  /** Staff reads only, as `attendance`: the tutor's note to staff about the session ('' when none). */
  private_note?: string;
  /** Staff reads only (decision 022): what the tutor is paid for, and a duration change awaiting a supervisor's approval. */
  paid_time?: PaidTime;
}

/**
 * A session's paid time (decision 022; staff reads only, absent from a backend that knows only the
 * contract). `duration_mins` stays what the session lasted for its customers; the tutor is paid
 * `minutes`: the booked duration until someone changes it, then the minutes a supervisor approved.
 */
export interface PaidTime {
  /** What payroll pays for the session now. */
  minutes: number;
  /**
   * A changed duration (`duration_mins`) awaiting a supervisor's approval: who entered it (null for
   * one entered before approvals were asked) and when. Null when nothing awaits.
   */
  awaiting: { by: { id: Id; name: string } | null; epoch: number } | null;
  /** The last approval (or a supervisor's own change of the duration): who and when; null when none. */
  approved: { by: { id: Id; name: string }; epoch: number } | null;
}

/** Whether the customer came, by the terms' rule: more than 15 minutes late is a no-show. */
export type Attendance = 'attended' | 'late' | 'no-show';

export interface PaymentCustomer {
  id: Id;
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
}

export interface Payment {
  id: Id;
  customer: PaymentCustomer;
  meeting: Meeting;
  is_incremental: boolean;
  minutes_paid: number;
  payment_status: PaymentStatus;
  subscription: { id: Id } | null;
  inserted_at_epoch: number;
}

/** A tutor's meeting with the payments made for it (GET /api/tutors/{id}/meetings), oldest payment first. */
export interface MeetingWithPayments {
  meeting: Meeting;
  payments: Payment[];
}

/**
 * GET /api/meetings/{id}/overtime?duration_mins=N (docs/contract-extensions.md): what entering that
 * duration would charge each attendee, before anything is charged.
 */
export interface OvertimePreview {
  duration_mins: number;
  /**
   * `minutes`: the extra time billed; `hours`: whole hours of it taken from the customer's packages
   * (a session booked with an hour: its overtime is in whole hours); `amount_cents`: the rest, charged to the card.
   */
  charges: { customer: { id: Id; firstname: string; lastname: string }; minutes: number; hours: number; amount_cents: number; card_last_four: string | null }[];
}

export interface Customer {
  id: Id;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  /** Hours of packages left to book with, all sizes together (the ledger's balance: GET /api/customers/myself/credits). */
  credits: number;
  /** A description of the card on file, or null when there is none. */
  payment_method: string | null;
}

/**
 * The pass guarantee of a gradebook's course (GET /api/gradebooks/{id}/guarantee), counted from the
 * sessions held and the grades entered (server/domain/gradebooks/guarantee-rules.ts).
 */
export interface Guarantee {
  status: 'tracking' | 'eligible' | 'lost' | 'waived' | 'claimed' | 'refunded' | 'declined';
  /** One-on-one sessions count 60 minutes, group-of-two 40; in hours, to the hundredth. */
  hours_counted: number;
  hours_required: number;
  classes_counted: number;
  /** 30 for a high-school course; null when only hours count. */
  classes_required: number | null;
  /** Grades entered more than 7 days after their date (any one loses the guarantee). */
  late_grades: number;
  /** Epoch seconds: the last day to claim (7 days after the last grade entered), once eligible. */
  claim_open_until: number | null;
  /** Why it is lost or waived, or what is still missing. */
  reasons: string[];
}

/** A claim of the pass guarantee (GET /api/guarantee-claims, supervisors; the student's claim answers one). */
export interface GuaranteeClaim {
  id: Id;
  gradebook_id: Id;
  customer: { id: Id; firstname: string; lastname: string };
  course: { course_number: string; course_name: string };
  /** As the student gave it ('D', '58%'). */
  final_grade: string;
  /** Counted when the claim was made. */
  hours_counted: number;
  classes_counted: number;
  /** The gradebook's grades, by date. */
  grades: { name: string; percent: number; due_epoch: number; entered_epoch: number }[];
  status: 'open' | 'approved' | 'declined';
  decided_by: string | null;
  decline_reason: string | null;
  /** Approved: everything refunded for the course's sessions. */
  refund_cents: number | null;
  claimed_epoch: number;
  decided_epoch: number | null;
}

export interface Gradebook {
  id: Id;
  course: { id: Id; course_number: string; course_name: string };
  customer: { firstname: string; lastname: string };
  archived: boolean;
}

/**
 * A gradebook in a tutor's list (GET /api/tutors/{id}/gradebooks): the contract's fields plus what
 * its card shows, so the list needs one request (additive: a client that ignores them still works).
 */
export interface TutorGradebook extends Gradebook {
  /** The overall score as a ratio (0.875 = 87.5 %), or null while no category has grades. */
  overall_score: number | null;
  /** The grade entered last, or null when there is none. */
  last_grade: Pick<Grade, 'id' | 'name' | 'points_recieved_hundreths' | 'points_total_hundreths' | 'grade_entered_date'> | null;
}

export interface GradeCategory {
  id: Id;
  category_name: string;
  weight_percent: number;
  drops: number;
}

export interface Grade {
  id: Id;
  name: string;
  gradebook: Id;
  grade_category: Id;
  points_recieved_hundreths: number;
  points_total_hundreths: number;
  due_date: number;
  grade_entered_date: number;
}

export interface VerificationRequest {
  code_id: Id;
  last_four_phone: string;
}

export interface AuthData {
  user_type: UserType;
  customer?: { id: Id; firstname: string };
  tutor?: { id: Id; name: string; role: TutorRole };
}

export interface LoginResult {
  token: { user_type: UserType };
}

/** A one-time session booked with an hour of a package (POST /api/payments with pay_with=credits): paid, no card step. */
export interface CreditBooking {
  paid_with: 'credits';
  payment_id: Id;
  /** Hours left, all sizes together. */
  credits_left: number;
}

/** A purchase with hours left (GET /api/credit-lots, supervisors): whose, what is left, and what a refund of it gives back. */
export interface UnusedPurchase {
  id: Id;
  customer: { id: Id; firstname: string; lastname: string };
  /** Null for hours a supervisor added. */
  package_name: string | null;
  capacity: BookingCapacity;
  paid_hours: number;
  bonus_hours: number;
  price_cents: number;
  hours_left: number;
  /** The unused paid hours at the price per paid hour (bonus hours are never money); 0 for hours a supervisor added. */
  refundable_cents: number;
  expires_at_epoch: number;
  bought_at_epoch: number;
}

/** A supervisor's refund of a package's unused hours (POST /api/credit-lots/{id}/refund): the hours taken out, the money sent back. */
export interface LotRefund {
  lot_id: Id;
  hours: number;
  amount_cents: number;
}

export interface PaymentIntent {
  client_secret: string;
  payment_id: Id;
  amount_cents: number;
  /**
   * Where the payment stands (this product's addition): `succeeded` (the card on file paid: no card
   * step), `processing` (settled by the provider shortly), `requires_action` (confirm it with the
   * secret: 3-D Secure), `requires_payment_method` (a card is typed in and confirmed with the secret).
   */
  status: 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method';
}

/**
 * A tutor's hours in a period (GET /api/team/hours, the team view's cards; additive to the spec).
 * Scheduled: minutes of the tutor's booked meetings (someone paid or is scheduled to pay) that start
 * in the period. Confirmed: of those, the minutes of meetings that have a one-line summary, which is
 * what the tutor is paid for.
 */
export interface TutorHours {
  tutor_id: Id;
  scheduled_minutes: number;
  confirmed_minutes: number;
}

/**
 * A tutor's hourly rate from a day on (GET/POST /api/tutors/{id}/rates; additive to the spec). A
 * session is paid at the rate in effect on its day in the site's zone.
 */
export interface PayRate {
  id: Id;
  hourly_rate_cents: number;
  /** YYYY-MM-DD, the site's zone. */
  effective_day: string;
  entered_by: { id: Id; name: string };
  entered_epoch: number;
}

/** One week of a tutor's hours report (seven days from `first_day`, inside the period). */
export interface HoursWeek {
  first_day: string;
  last_day: string;
  scheduled_minutes: number;
  confirmed_minutes: number;
}

/** A session that has been held but has no one-line summary yet: its pay waits for one. */
export interface UnsummarisedSession {
  meeting_id: Id;
  occurrence_epoch: number;
  duration_mins: number;
  course_number: string;
  /** The customers booked on it. */
  customers: { firstname: string; lastname: string }[];
}

/** A session whose changed duration awaits a supervisor's approval: its pay counts `paid_minutes` until then (decision 022). */
export interface AwaitingSession {
  meeting_id: Id;
  occurrence_epoch: number;
  course_number: string;
  /** The duration entered, awaiting approval. */
  duration_mins: number;
  /** What is paid until it is approved: the booked 60 minutes, or the minutes approved before. */
  paid_minutes: number;
}

/**
 * A tutor's hours and pay for a pay period (GET /api/tutors/{id}/hours; additive to the spec).
 * Scheduled and confirmed minutes count as the team view's (GET /api/team/hours) for the same
 * instants: booked sessions starting in the period, and of those the ones with a summary.
 */
export interface TutorHoursReport {
  tutor_id: Id;
  /** The pay period: two weeks, YYYY-MM-DD in the site's zone, both days included. */
  first_day: string;
  last_day: string;
  /** The period's instants, as the team view's `from` and `to` (the last second included). */
  from_epoch: number;
  to_epoch: number;
  weeks: HoursWeek[];
  scheduled_minutes: number;
  confirmed_minutes: number;
  unsummarised: UnsummarisedSession[];
  /** Held sessions whose changed duration awaits a supervisor's approval (the minutes count their paid time meanwhile). */
  awaiting_approval: AwaitingSession[];
  /**
   * What the confirmed sessions come to, each at the rate in effect on its day; null while the
   * tutor has no rate at all. `unrated_minutes`: confirmed minutes on days before the first rate.
   */
  pay: { cents: number; unrated_minutes: number; rates: PayRate[] } | null;
}

/** A tutor's onboarding (GET /api/tutors/{id}/onboarding; additive to the spec). */
export interface Onboarding {
  tutor_id: Id;
  /** Every checklist item (src/contract/onboarding.ts), ticked or not, with who ticked it and when. */
  items: { item: string; done: { by: { id: Id; name: string }; epoch: number } | null }[];
  /** Whether a photo was uploaded (the home page shows the tutor's initials without one). */
  has_photo: boolean;
}

/** How far each tutor's onboarding is (GET /api/team/onboarding), for the team cards. */
export interface OnboardingProgress {
  tutor_id: Id;
  done: number;
  total: number;
  has_photo: boolean;
}

/** A session on a payroll (GET /api/payroll): paid in that period, or to be when it is marked paid. */
export interface PayrollSession {
  meeting_id: Id;
  tutor_id: Id;
  occurrence_epoch: number;
  minutes: number;
  course_number: string;
  /** The tutor's rate on the session's day; null before their first rate (the session pays nothing). */
  rate_cents: number | null;
  cents: number;
  /** Held in an earlier period that was paid before the session had its summary (or before an approval: `adjustment`). */
  carried_over: boolean;
  /**
   * The difference a supervisor's approval made after the session was paid in an earlier period
   * (decision 022): `minutes` and `cents` are that difference, below zero for fewer minutes.
   */
  adjustment: boolean;
  /** A changed duration awaits approval: `minutes` are the paid time until then. */
  awaiting_approval: boolean;
}

/** A session of a payroll whose changed duration awaits a supervisor's approval (decision 022). */
export interface PayrollAwaiting {
  meeting_id: Id;
  tutor_id: Id;
  occurrence_epoch: number;
  course_number: string;
  /** The duration entered, awaiting approval. */
  duration_mins: number;
  /** What is paid until it is approved. */
  paid_minutes: number;
  /** Who entered it (null for one entered before approvals were asked), and when. */
  requested_by: { id: Id; name: string } | null;
  requested_epoch: number;
  /** The session has its summary (without one its pay is held back whatever is approved). */
  summarised: boolean;
  /** Whether the reader may approve it: never their own session. */
  can_approve: boolean;
}

/** One tutor's line of a payroll. */
export interface PayrollTutor {
  tutor_id: Id;
  name: string;
  confirmed_minutes: number;
  cents: number;
  /** Confirmed minutes on days before the tutor's first rate (paid nothing). */
  unrated_minutes: number;
  /** The rate in effect on the period's last day; null without one. */
  rate_cents: number | null;
  /** Sessions held in the period that this payroll does not pay: no summary (yet), so their pay waits. */
  held_back: number;
  held_back_minutes: number;
  /** Sessions of this payroll whose changed duration awaits approval (`Payroll.awaiting`). */
  awaiting_approval: number;
}

/**
 * A pay period's payroll (GET /api/payroll; additive to the spec). Until the period is marked paid
 * it follows the summaries; once paid, its sessions and amounts are frozen, and a session summarised
 * later falls into the next period's payroll (`carried_over`).
 */
export interface Payroll {
  first_day: string;
  last_day: string;
  paid: { paid_epoch: number; paid_by: { id: Id; name: string } } | null;
  /** Whether the period has ended (only then can it be marked paid). */
  over: boolean;
  tutors: PayrollTutor[];
  sessions: PayrollSession[];
  /** Sessions held in the period, or paid by this payroll, whose changed duration awaits approval, oldest first. */
  awaiting: PayrollAwaiting[];
  total_cents: number;
}

/** POST /api/payroll/approve-durations: how many changes were approved, and the payroll after. */
export interface PayrollApproval {
  approved: number;
  payroll: Payroll;
}

/** A period's money and hours (GET /api/reports), one week at a time: Monday to Sunday in the site's zone, cut to the period. */
export interface ReportWeek {
  first_day: string;
  last_day: string;
  /** The billing report's sums (npm run billing:report) for the meetings starting in the week. */
  charged_cents: number;
  refunded_cents: number;
  refund_pending_cents: number;
  scheduled_cents: number;
  failed_cents: number;
  /** Minutes of the hours tutors offered (not canceled, booked or not), and of those the booked ones. */
  offered_minutes: number;
  booked_minutes: number;
}

/** Booked sessions of a course in a report's period (not canceled). */
export interface ReportCourse {
  course_id: Id | null;
  course_number: string;
  course_name: string;
  sessions: number;
  minutes: number;
}

/** GET /api/reports: the Reports screen's figures for whole days in the site's zone. */
/**
 * Hour packages in a period (docs/contract-extensions.md 'Hour packages'), the same in Reports and
 * `npm run billing:report`. An hour's value is its purchase's price over all its hours (bonus
 * included); what is owed is what refunds of the hours left would give back.
 */
export interface PackageFigures {
  /** Purchases paid in the period: how many, their hours (paid and bonus) and their price. */
  sold: { count: number; hours: number; cents: number };
  /** Hours used on sessions and overtime in the period, less those given back, at their value. */
  used: { hours: number; cents: number };
  /** Hours that expired in the period, at their value. */
  expired: { hours: number; cents: number };
  /** Refunds of purchases the provider confirmed in the period: whole purchases and unused hours. */
  refunded_cents: number;
  /** At the period's end: the hours left to customers, and their unused paid hours at the price per paid hour. */
  owed: { hours: number; cents: number };
}

/** The pass guarantee in a period (Reports): claims made and decided, and the refund rate up to its end. */
export interface GuaranteeFigures {
  /** Claims made in the period. */
  claims: number;
  /** Claims decided in the period, and what the approved ones refunded. */
  approved: number;
  declined: number;
  refunded_cents: number;
  /** Gradebooks whose guarantee was not waived, up to the period's end. */
  guaranteed_courses: number;
  /** Approved claims up to the period's end over those courses; null with none. */
  refund_rate: number | null;
}

export interface Report {
  first_day: string;
  last_day: string;
  time_zone: string;
  weeks: ReportWeek[];
  /** The weeks added up: the money equals the billing report's totals for the same days. */
  totals: Omit<ReportWeek, 'first_day' | 'last_day'>;
  /** Most sessions first. */
  courses: ReportCourse[];
  /**
   * Customers with a paid meeting in the period (a booking charge that went through): new when
   * their first paid meeting ever is in the period, returning when they had one before it.
   */
  customers: { new: number; returning: number };
  /** Hour packages sold, used, expired and refunded in the period, and what is owed at its end. */
  packages: PackageFigures;
  /** Claims of the pass guarantee, and its refund rate. */
  guarantee: GuaranteeFigures;
}

/** `error.meeting` of an Overlap failure: the tutor's meeting that the new time collides with. */
export interface OverlapMeeting {
  id: Id;
  occurrence_epoch: number;
  duration_mins: number;
}

/**
 * Taking availability back (docs/contract-extensions.md, 'Delete and end'): the unbooked hours a
 * call removed, and the booked ones it left, with their customers (a booked hour is canceled, and
 * refunded, with Cancel Meeting).
 */
export interface RemovedHour {
  id: Id;
  occurrence_epoch: number;
  duration_mins: number;
}

export interface BookedHour {
  meeting: RemovedHour & { course_number: string | null };
  customers: { id: Id; firstname: string; lastname: string }[];
}

export interface HoursTakenBack {
  /** Earliest first. */
  removed: RemovedHour[];
  /** Earliest first. */
  booked: BookedHour[];
}

/** POST /api/slots/{id}/end: the series ends before `from_epoch`; `written` is false for a dry run. */
export interface SeriesEnd extends HoursTakenBack {
  slot: { id: Id; anchor_epoch: number; duration_mins: number };
  from_epoch: number;
  written: boolean;
}

/**
 * A tutor's days off (GET/POST /api/tutors/{id}/days-off): whole days in the site's zone, from
 * `first_day` to `last_day` (YYYY-MM-DD, both included), that is from `starts_epoch` (the first
 * day's midnight there) until `ends_epoch` (the midnight after the last day).
 */
export interface DayOff {
  id: Id;
  first_day: string;
  last_day: string;
  starts_epoch: number;
  ends_epoch: number;
}

/** A tutor named in a re-assign's answers. */
export interface TutorName {
  id: Id;
  name: string;
}

/**
 * GET /api/meetings/{id}/reassign-candidates (docs/contract-extensions.md): the booked session, what
 * would move (the session, or a weekly series' booked weeks from `from_date`), and the tutors
 * qualified for its course (an unarchived offering, an unarchived tutor), each free at every one of
 * those times or not.
 */
export interface ReassignCandidates {
  meeting: {
    id: Id;
    occurrence_epoch: number;
    duration_mins: number;
    course: { id: Id; course_number: string; course_name: string };
    tutor: TutorName;
    slot: { id: Id } | null;
  };
  from_date: string | null;
  /** The sessions that would move, earliest first. */
  sessions: RemovedHour[];
  /** Free then: no booked session, no days off. `hours_used`: their unbooked hours then, which the sessions take. */
  free: { tutor: TutorName; hours_used: RemovedHour[] }[];
  /** Qualified but not free: a booked session (`meeting`) or days off (`day_off`) at one of the times. */
  unavailable: { tutor: TutorName; reason: 'busy' | 'day_off'; meeting?: OverlapMeeting; day_off?: DayOff }[];
  /**
   * One session only: unbooked hours other qualified tutors published, in the next 14 days, that it
   * may move to (a booked session moves earlier only 12 hours ahead, later an hour ahead) and its
   * customers have nothing else booked at; earliest first, at most 40.
   */
  other_times: { tutor: TutorName; hour: RemovedHour }[];
}

/** POST /api/meetings/{id}/reassign: the sessions as they are now, and the new tutor's unbooked hours they took. */
export interface Reassigned {
  tutor: TutorName;
  meetings: Meeting[];
  hours_used: RemovedHour[];
}

/** POST /api/tutors/{id}/days-off: the days off made, and what they did to the calendar. */
export interface DayOffTaken extends HoursTakenBack {
  day_off: DayOff;
}

export interface HealthStatus {
  ok: true;
  database: 'pglite' | 'postgres';
}

/**
 * The private calendar feed of the signed-in customer or tutor (GET/DELETE /api/calendar-feed;
 * additive to the spec). `created_epoch` is when the current secret address was made.
 */
export interface CalendarFeedStatus {
  active: boolean;
  created_epoch: number | null;
}

/** A new feed address (POST /api/calendar-feed): shown once, since only its hash is kept. */
export interface NewCalendarFeed {
  active: true;
  url: string;
}
