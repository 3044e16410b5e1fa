/**
 * Input schemas of every call (form fields and query parameters arrive as strings).
 * The server validates each request with these; the client takes its input types from them.
 */
import { z } from 'zod';
import { onboardingKeys } from './onboarding.ts';
import { isBookingEmail, normalizeEmail } from '../lib/email.ts';
import { isValidPhone, normalizePhone } from '../lib/phone.ts';
import { COURSE_NUMBER_PATTERN, normalizeCourseName, normalizeCourseNumber, schoolIdOf } from '../lib/courses.ts';
import { bidiControlMessage, hasBidiControl } from '../lib/bidi-controls.ts';
import { site } from '../config/site.ts';
import {
  COURSE_NAME_MAX,
  COURSE_NUMBER_MAX,
  HOMEWORK_MAX,
  MAX_DURATION_MINUTES,
  PACKAGE_HOURS_MAX,
  PACKAGE_PRICE_CENTS_MAX,
  PACKAGE_VALID_DAYS_MAX,
  PRICE_CENTS_MAX,
  PRICE_CENTS_MIN,
  PRIVATE_NOTE_MAX,
  REPORT_MAX_DAYS,
} from './limits.ts';

/**
 * Numbers arrive as text and are written in plain decimal only: z.coerce.number() would read ''
 * and '  ' as 0 and accept '0x10', '1e3', '+5' and ' 12 ' (Number's rules), so that an empty or
 * odd field silently became a weight, a date or an id.
 */
const wholeNumber = z.string().regex(/^-?[0-9]{1,20}$/, 'Expected a whole number').transform(Number);
const decimalNumber = z.string().regex(/^-?[0-9]{1,20}(\.[0-9]{1,20})?$/, 'Expected a number').transform(Number);
/** A whole number in decimal digits, then checked as a number (`integer((n) => n.min(0))`). */
const integer = (check: (n: z.ZodNumber) => z.ZodNumber = (n) => n) => wholeNumber.pipe(check(z.number().int()));

/** A numeric id in a form field, query parameter or path. */
export const id = integer((n) => n.positive().max(2_147_483_647));
/** A path id that may be the word `myself` (the session's own tutor or customer). */
export const idOrMyself = z.union([z.literal('myself'), id]);
const epochSeconds = integer((n) => n.min(0).max(4_102_444_800));
const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => text(max).min(1);
const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
/**
 * A course's or a person's name, which others read (lists, emails, invites, CSV files): refused
 * with a sentence naming `field` when it holds a bidirectional control (src/lib/bidi-controls.ts).
 * Every schema that takes such a name uses it.
 */
const shownName = <S extends z.ZodType<string>>(schema: S, field: string) => schema.refine((value) => !hasBidiControl(value), bidiControlMessage(field));

export const email = z
  .string()
  .trim()
  .max(254)
  .transform(normalizeEmail)
  // The client's rule (spec 1 §5) is loose; the server also refuses whitespace inside the address.
  .refine((value) => isBookingEmail(value) && /^[^\s@]+@[^\s@]+$/.test(value), 'Invalid email address');
export const phone = z
  .string()
  .max(40)
  .refine(isValidPhone, 'Invalid phone number')
  .transform(normalizePhone);

export const userType = z.enum(['customer', 'tutor']);
export const courseStyle = z.enum(['in-person', 'online']);
export const bookingCapacity = wholeNumber.pipe(z.union([z.literal(1), z.literal(2)]));

// --- sign-in -----------------------------------------------------------------------------------
/** `next` (docs/contract-extensions.md): the dashboard address the emailed link leads to after signing in; anything else is ignored. */
export const loginRequestQuery = z.object({ user_type: userType, email, next: z.string().max(300).optional() });
export const loginTokenQuery = z.object({ token: z.string().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/) });
/** POST /api/login/continue: the link's token, spent in a browser signed in to another account once its person chose to. */
export const loginContinueForm = loginTokenQuery;
export const verificationRequestForm = z.object({ email });
/** POST /api/verification with `phone` and no `email` (docs/contract-extensions.md): a code to that phone's account. */
export const verificationByPhoneForm = z.object({ phone });
/** Any form's fields, as text, to choose the schema that reads them. */
export const formFields = z.record(z.string(), z.string());
export const verificationCheckQuery = z.object({ code_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), code: z.string().trim().min(1).max(20) });
/** POST /api/verification/continue: the code, checked in a browser signed in to another account once its person chose to. */
export const verificationContinueForm = verificationCheckQuery;

// --- booking -----------------------------------------------------------------------------------
export const customerCreateForm = z.object({
  email,
  phone,
  firstname: shownName(requiredText(100), 'The first name'),
  lastname: shownName(requiredText(100), 'The last name'),
});
/**
 * A filter the client may leave out or send empty (spec 1's client adds `capacity=…&`,
 * `course_style=…&` one at a time and may stop after any of them): absent or empty means any.
 */
const optionalFilter = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
export const availabilityQuery = z.object({
  course: id,
  capacity: optionalFilter(bookingCapacity),
  course_style: optionalFilter(courseStyle),
  subscription: optionalFilter(booleanText),
});
export const paymentCreateForm = z.object({
  meeting: id,
  course_style: courseStyle,
  capacity: bookingCapacity,
  offering: id,
  /** Additive: reminder texts wanted (booking step 3's box, on by default); absent leaves the choice as it was. */
  text_reminders: booleanText.optional(),
  /** Additive: `credits` books with an hour of a package (docs/contract-extensions.md 'Hour packages'); absent or `card`, the card. */
  pay_with: z.enum(['card', 'credits'], { message: 'Must be card or credits' }).optional(),
});
/** A weekly booking: `pay_with=credits` pays each week with an hour of a package, the card on file when they run out. */
export const subscriptionCreateForm = paymentCreateForm.extend({ slot: id });

// --- meetings and availability -----------------------------------------------------------------
export const meetingCreateForm = z.object({ occurrence_epoch: epochSeconds, tutor: idOrMyself });
export const slotCreateForm = z.object({
  duration_mins: wholeNumber.pipe(z.literal(60)),
  anchor_epoch: epochSeconds,
  tutor: idOrMyself,
});
/** A lesson report's attendance words (docs/contract-extensions.md 'Lesson reports'). */
export const attendance = z.enum(['attended', 'late', 'no-show']);
/**
 * POST /api/meetings/{id}/notes: the spec's one-line summary, and this product's lesson report
 * beside it. A report field that is absent stays as it is, so the spec's client (summary only)
 * changes the summary alone.
 */
export const meetingNotesForm = z.object({
  notes: text(500),
  attendance: attendance.optional(),
  homework: text(HOMEWORK_MAX).optional(),
  private_note: text(PRIVATE_NOTE_MAX).optional(),
});
export const meetingOccurrenceForm = z.object({ occurrence_epoch: epochSeconds });
export const meetingDurationForm = z.object({ duration_mins: integer((n) => n.min(1).max(600)) });
/** The contract's cancel has no body; a supervisor canceling a session that has started gives a reason. */
export const meetingCancelForm = z.object({ reason: text(500).optional().default('') });
/** GET /api/meetings/{id}/overtime (docs/contract-extensions.md): what a duration would charge. */
export const overtimePreviewQuery = z.object({ duration_mins: integer((n) => n.min(1).max(600)) });
/**
 * POST /api/meetings/{id}/duration-approval (decision 022): a supervisor approves the duration a
 * change awaits, or, with `minutes`, sets the paid time (0 to 180 minutes), approved.
 */
export const durationApprovalForm = z.object({ minutes: integer((n) => n.min(0).max(MAX_DURATION_MINUTES)).optional() });
/** POST /api/payments/{id}/refund: a supervisor refunds an overtime charge, saying why. */
export const paymentRefundForm = z.object({ reason: requiredText(500) });
/** POST /api/slots/{id}/end: the series' weeks from this instant on go (the unbooked ones). */
export const slotEndForm = z.object({ from_epoch: epochSeconds });
export const slotEndQuery = z.object({ dry_run: booleanText.default(false) });
/** A calendar day, YYYY-MM-DD (a real one: 2027-02-30 is refused). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Not a date');
export const dayOffCreateForm = z.object({ first_day: calendarDay, last_day: calendarDay });
/**
 * POST /api/meetings/{id}/reassign (docs/contract-extensions.md): a booked session to another tutor
 * (`myself`: the supervisor), at another time (`occurrence_epoch`, one session only), or a weekly
 * series' booked weeks from a day on (`from_date`, each week at its own time).
 */
export const meetingReassignForm = z
  .object({ tutor: idOrMyself, occurrence_epoch: epochSeconds.optional(), from_date: calendarDay.optional() })
  .refine((input) => input.occurrence_epoch === undefined || input.from_date === undefined, {
    message: 'A weekly series moves with its own times: give a new time or a day to move from, not both',
    path: ['from_date'],
  });
/** GET /api/meetings/{id}/reassign-candidates: for a weekly series from this day (its booked weeks), else the one session. */
export const reassignCandidatesQuery = z.object({ from_date: calendarDay.optional() });

// --- gradebooks --------------------------------------------------------------------------------
export const categoryCreateForm = z.object({
  name: requiredText(100),
  weight_percent: decimalNumber.pipe(z.number().min(0).max(100)),
  drops: integer((n) => n.min(0).max(100)),
});
export const gradeCreateForm = z.object({
  name: requiredText(200),
  due_date: epochSeconds,
  points_recieved_hundreths: integer((n) => n.min(0).max(100_000_000)),
  points_total_hundreths: integer((n) => n.positive().max(100_000_000)),
});
export const gradebooksQuery = z.object({ show_all: booleanText.optional() });
/** A claim of the pass guarantee: the final grade as the student gives it ('D', '58%'). */
export const guaranteeClaimForm = z.object({ final_grade: requiredText(20) });
/** A supervisor declines a claim, saying why. */
export const claimDeclineForm = z.object({ reason: requiredText(500) });

// --- team --------------------------------------------------------------------------------------
export const tutorCreateForm = z.object({
  name: shownName(requiredText(100), 'The name'),
  email,
  phone,
  background: text(2000).default(''),
});
export const tutorBackgroundForm = z.object({ background: text(2000) });
export const tutorArchiveQuery = z.object({ unarchive: booleanText.default(false) });
export const recentSessionsQuery = z.object({ before: epochSeconds.optional(), before_id: id.optional(), limit: integer((n) => n.min(1).max(100)).default(50) });
/**
 * A tutor's calendar for a span of time (docs/contract-extensions.md): meetings that start at or
 * after `from` and before `to`, epoch seconds, both or neither; at most TUTOR_MEETINGS_MAX_SPAN
 * seconds apart, so that a week's or a page's read never becomes the whole semester.
 */
export const TUTOR_MEETINGS_MAX_SPAN = 62 * 24 * 3600;
export const tutorMeetingsQuery = z.object({ from: epochSeconds.optional(), to: epochSeconds.optional() }).superRefine(({ from, to }, context) => {
  // Only what is left to say once both ends read as numbers (a field that did not is named already).
  // (zod runs this after a field's own check failed too, with what was read: text, or -5.)
  const number = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4_102_444_800;
  if (from !== undefined && !number(from)) return;
  if (to !== undefined && !number(to)) return;
  const refuse = (message: string) => context.addIssue({ code: 'custom', message, path: ['to'] });
  if ((from === undefined) !== (to === undefined)) refuse('from and to come together');
  else if (from !== undefined && to !== undefined && from >= to) refuse('from must be before to');
  else if (from !== undefined && to !== undefined && to - from > TUTOR_MEETINGS_MAX_SPAN) refuse('At most 62 days after from');
});
export const teamHoursQuery = z.object({ from: epochSeconds, to: epochSeconds }).refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
/** A tutor's hours report: the pay period holding `day` (YYYY-MM-DD, the site's zone), today's when absent. */
export const tutorHoursQuery = z.object({ day: calendarDay.optional() });
/** A tutor's hourly rate from a day on: whole cents, $1 to $1,000 an hour. */
export const payRateForm = z.object({
  hourly_rate_cents: integer((n) => n.min(100).max(100_000)),
  effective_day: calendarDay,
});
/** A payroll: the pay period holding `day` (today's when absent). */
export const payrollQuery = z.object({ day: calendarDay.optional() });
/**
 * A report (GET /api/reports): whole days `from` to `to` (YYYY-MM-DD, the site's zone, both
 * counted), `to` not before `from`, at most REPORT_MAX_DAYS days.
 */
export const reportQuery = z.object({ from: calendarDay, to: calendarDay }).superRefine(({ from, to }, context) => {
  // Only what is left to say once both read as days (a field that did not is named already).
  if (!calendarDay.safeParse(from).success || !calendarDay.safeParse(to).success) return;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  if (days < 1) context.addIssue({ code: 'custom', message: 'to must not be before from', path: ['to'] });
  else if (days > REPORT_MAX_DAYS) context.addIssue({ code: 'custom', message: `At most ${REPORT_MAX_DAYS} days from from`, path: ['to'] });
});
/** Marks the pay period starting on `first_day` paid. */
export const payrollPaidForm = z.object({ first_day: calendarDay });
/** POST /api/payroll/approve-durations: every duration change of one tutor awaiting approval in the pay period starting on `first_day`. */
export const payrollApproveForm = z.object({ tutor: id, first_day: calendarDay });
/** Ticks (done=true) or unticks an onboarding item. */
export const onboardingItemForm = z.object({ item: z.enum(onboardingKeys), done: booleanText });
export const offeringCreateForm = z.object({ tutor: idOrMyself, course: id, qualification: requiredText(200) });

// --- catalog (docs/contract-extensions.md: the catalog kept by supervisors) -------------------------
/** No control character (below U+0020, and DEL). */
const noControl = (value: string) => ![...value].some((ch) => ch < ' ' || ch === '\u007f');
export const courseNumber = z
  .string()
  .max(200, `At most ${COURSE_NUMBER_MAX} characters`)
  .transform(normalizeCourseNumber)
  .pipe(
    z
      .string()
      .min(1, 'Required')
      .max(COURSE_NUMBER_MAX, `At most ${COURSE_NUMBER_MAX} characters`)
      .regex(COURSE_NUMBER_PATTERN, 'Letters and digits only, with spaces, dots, hyphens or slashes between them'),
  );
export const courseName = z
  .string()
  .max(1000, `At most ${COURSE_NAME_MAX} characters`)
  .transform(normalizeCourseName)
  // Line breaks and tabs are spaces by now; any other control character is refused.
  .pipe(shownName(z.string().min(1, 'Required').max(COURSE_NAME_MAX, `At most ${COURSE_NAME_MAX} characters`).refine(noControl, 'Must not contain control characters'), 'The course name'));
const schoolNames = site.schools.map((s) => `${s.id} (${s.name})`).join(' or ');
/** One of the configured schools (src/config/site.ts), by its id or its name. */
export const school = z
  .string()
  .max(200, `Must be ${schoolNames}`)
  .transform((value, context) => {
    const id = schoolIdOf(value);
    if (id) return id;
    context.addIssue({ code: 'custom', message: value.trim() === '' ? 'Required' : `Must be ${schoolNames}` });
    return z.NEVER;
  });
export const courseCreateForm = z.object({ course_number: courseNumber, course_name: courseName, school });
/** A rename: the name, and the number or school when they change too. */
export const courseUpdateForm = z.object({ course_name: courseName, course_number: courseNumber.optional(), school: school.optional() });
export const courseArchiveQuery = z.object({ unarchive: booleanText.default(false) });
/** GET /api/courses: the public list, or with show_archived=true every course (supervisors only). */
export const coursesQuery = z.object({ show_archived: booleanText.optional() });
export const courseImportQuery = z.object({ dry_run: booleanText.default(false) });
export const frequency = z.enum(['weekly', 'onetime']);
export const priceChangeForm = z.object({
  frequency,
  capacity: bookingCapacity,
  price_cents: integer((n) => n.min(PRICE_CENTS_MIN, `At least ${PRICE_CENTS_MIN} cents: a card cannot be charged less`).max(PRICE_CENTS_MAX, `At most ${PRICE_CENTS_MAX} cents`)),
});

// --- hour packages ------------------------------------------------------------------------------
/** POST /api/packages: a package's name, hours of one size, price, validity, and the bonus hours given with them. */
export const packageCreateForm = z.object({
  name: shownName(requiredText(100), 'The name'),
  hours: integer((n) => n.min(1, 'At least 1 hour').max(PACKAGE_HOURS_MAX, `At most ${PACKAGE_HOURS_MAX} hours`)),
  bonus_hours: integer((n) => n.min(0, 'Not below 0').max(PACKAGE_HOURS_MAX, `At most ${PACKAGE_HOURS_MAX} hours`)).default(0),
  capacity: bookingCapacity,
  price_cents: integer((n) => n.min(PRICE_CENTS_MIN, `At least ${PRICE_CENTS_MIN} cents: a card cannot be charged less`).max(PACKAGE_PRICE_CENTS_MAX, `At most ${PACKAGE_PRICE_CENTS_MAX} cents`)),
  valid_days: integer((n) => n.min(1, 'At least 1 day').max(PACKAGE_VALID_DAYS_MAX, `At most ${PACKAGE_VALID_DAYS_MAX} days`)),
});
/** GET /api/packages: those on sale, or with show_archived=true every package with its state (supervisors only). */
export const packagesQuery = z.object({ show_archived: booleanText.optional() });
export const packageArchiveQuery = z.object({ unarchive: booleanText.default(false) });
/** POST /api/package-purchases: the package the signed-in customer buys. */
export const packagePurchaseForm = z.object({ package: id });

// --- sites allowed to embed the booking widget -------------------------------------------------
/** Entries the call reads at most, as typed: bounds on the input only (the rules are src/lib/embed-origins.ts). */
const EMBED_ORIGIN_ENTRIES_READ = 500;
const embedOriginEntry = z.string().max(2000, 'At most 2000 characters');
/**
 * PUT /api/embed/origins: the whole list, as a JSON array or as a form's text with one origin per
 * line. Blank entries are dropped; each other is checked and normalised by the domain
 * (BadEmbedOrigin names the first that is not a site address).
 */
export const embedOriginsInput = z.object({
  origins: z.union([
    z.array(embedOriginEntry).max(EMBED_ORIGIN_ENTRIES_READ, `At most ${EMBED_ORIGIN_ENTRIES_READ} entries`),
    z
      .string()
      .max(64 * 1024, 'At most 64 KB')
      .transform((text) => text.split(/\r\n|\r|\n/))
      .pipe(z.array(z.string()).max(EMBED_ORIGIN_ENTRIES_READ, `At most ${EMBED_ORIGIN_ENTRIES_READ} lines`)),
  ]),
});

// --- payments' stand-in, calendar feeds, reminder texts -----------------------------------------
/** Demo mode's payment stand-in confirms a payment as Stripe.js would (server/payments/offline.ts). */
export const offlineConfirmForm = z.object({
  client_secret: z.string().min(10).max(200),
  /** Absent when the customer pays with the card on file. */
  card_number: z.string().max(40).optional(),
});
/** A private calendar feed's address, `{token}.ics`: the token is 32 random bytes in base64url. */
export const calendarFeedToken = z
  .string()
  .transform((file) => file.replace(/\.ics$/, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/));
/** A reminder text's one-click opt-out: the customer and the link's signature. */
export const textOptOutForm = z.object({ customer: id, signature: z.string().regex(/^[0-9a-f]{24}$/) });

// --- client error reports ----------------------------------------------------------------------
/**
 * A failure the front end reports (spec 1 §1: a script chunk that fails to load is reported). Each
 * field is bounded, since it lands in the server log; paths only, never a query (it may hold a
 * login token).
 */
export const clientErrorForm = z.object({
  name: z.string().regex(/^[A-Za-z][\w.$]{0,59}$/, 'Expected an error name'),
  message: z.string().max(1000),
  where: z.string().min(1).max(100),
  page: z.string().max(300).regex(/^\/[^\s?#]*$/, 'Expected a path'),
  chunk_url: z.string().max(300).regex(/^\/[^\s?#]*$/, 'Expected a path').optional(),
});

/**
 * What a caller passes for a schema: its parsed shape, with numbers (alone or in a union such as
 * an id or `myself`) also accepted as text, since ids are opaque strings to the client.
 */
export type FormInput<S extends z.ZodType> = {
  [K in keyof z.output<S>]: z.output<S>[K] extends number
    ? number | string
    : number extends z.output<S>[K]
      ? z.output<S>[K] | string
      : z.output<S>[K];
};

export type LoginRequestInput = FormInput<typeof loginRequestQuery>;
export type CustomerCreateInput = FormInput<typeof customerCreateForm>;
export type AvailabilityInput = FormInput<typeof availabilityQuery>;
export type PaymentCreateInput = FormInput<typeof paymentCreateForm>;
export type SubscriptionCreateInput = FormInput<typeof subscriptionCreateForm>;
export type MeetingCreateInput = FormInput<typeof meetingCreateForm>;
export type SlotCreateInput = FormInput<typeof slotCreateForm>;
export type CategoryCreateInput = FormInput<typeof categoryCreateForm>;
export type GradeCreateInput = FormInput<typeof gradeCreateForm>;
export type TutorCreateInput = FormInput<typeof tutorCreateForm>;
export type OfferingCreateInput = FormInput<typeof offeringCreateForm>;
export type CourseCreateInput = z.input<typeof courseCreateForm>;
export type CourseUpdateInput = z.input<typeof courseUpdateForm>;
export type EmbedOriginsInput = z.input<typeof embedOriginsInput>;
export type PriceChangeInput = FormInput<typeof priceChangeForm>;
export type PackageCreateInput = FormInput<typeof packageCreateForm>;
export type DayOffCreateInput = FormInput<typeof dayOffCreateForm>;
export type ClientErrorReport = z.output<typeof clientErrorForm>;
