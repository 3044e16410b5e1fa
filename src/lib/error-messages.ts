import { site } from '../config/site.ts';
import type { ApiError } from '../contract/envelope.ts';
import { type ErrorType, errorTypes } from '../contract/errors.ts';
import { overlapConflictEpoch, overlapFailureMessage, rawFailureText } from './api-messages.ts';
import { formatMeetingMoment } from './overlap-message.ts';
import { SKIP_CLOSED } from './late-change.ts';
import { formatPhone } from './phone.ts';
import { formatDay, formatDayRange } from './site-days.ts';

/**
 * What a person is told when the server refuses: one plain sentence for every error type our
 * server answers (src/contract/errors.ts), and the few sentences that differ by screen. The one
 * place such sentences live; screens ask errorMessage() and never show a type they know.
 *
 * `satisfies Record<ErrorType, …>` makes a type added to the contract without its sentence fail
 * `npm run check`. Where a spec gives the text for a screen, that text is used (spelling as in the
 * spec). A type nobody expected (another backend's) is still shown raw, as the specs say.
 * `{phone}` stands for the support line.
 */
type Message = string | ((error: ApiError) => string);

const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
/** ' (Thu, Dec 24 – Sat, Jan 2)': the days off an error names (`error.day_off`), or nothing. */
const daysOf = (error: ApiError) => {
  const dayOff = error.day_off as { first_day?: unknown; last_day?: unknown } | undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return typeof dayOff?.first_day === 'string' && typeof dayOff.last_day === 'string' && day.test(dayOff.first_day) && day.test(dayOff.last_day)
    ? ` (${formatDayRange(dayOff.first_day, dayOff.last_day)})`
    : '';
};
const TRY_EMAIL = 'Please log in by email.';

export const errorMessages = {
  NoAuth: 'Please log in to continue.',
  Unauthorized: 'Your account cannot do this. Please log in with the right account.',
  NotAuthorized: 'Your account cannot do this. Please log in with the right account.',
  BadOrigin: 'This request was blocked because it did not come from our site. Please reload the page and try again.',
  BadInput: 'Something you entered is not valid. Please check it and try again.',
  NotFound: 'We could not find this any more. Please reload the page.',
  DBError: 'Something went wrong on our side. Please try again in a minute, or call or text {phone}.',
  // Spec 1 §8, login.
  UserNotFound: "We can't find your account",
  // Spec 2 §8, login by link: BadToken and OldToken both.
  BadToken: 'Your token has expired',
  OldToken: 'Your token has expired',
  TooSoon: 'Too many tries in a short time. Please wait a few minutes and try again.',
  BadCode: 'That code is not right. Please check the text we sent and type it again.',
  OldCode: 'That code has expired or was used already. Close this and ask for a new code.',
  TooManyAttempts: `Too many wrong codes. ${TRY_EMAIL}`,
  TextNotSent: "We couldn't send the text. Try again in a minute, or log in by email.",
  // Past a number's caps, or strangers' share of them (sms-guard.ts): the emailed link is never refused.
  TextLimit: `We can't text another login code to this number for now, but a login link by email still works. ${TRY_EMAIL}`,
  BadPhone: `We can only text North American phone numbers. ${TRY_EMAIL}`,
  TextLoginOff: `Logging in by text is not available right now. ${TRY_EMAIL}`,
  OtherAccountSignedIn: 'This browser is signed in to another account. Choose which account to use.',
  // Spec 1 §8, create customer.
  AlreadyExists: 'You have an account with us already, please log in and retry',
  // Spec 1 §8, course id not in list.
  CourseNotFound: 'Course not found',
  PackageNotFound: 'This hour package no longer exists. Please reload the page.',
  LotNotFound: 'These hours no longer exist. Please reload the page.',
  MeetingNotFound: 'This session is no longer offered. Please choose another time.',
  SlotNotFound: 'This weekly time is no longer offered. Please choose another time.',
  OfferingNotFound: 'This tutor no longer teaches this course. Please choose another tutor.',
  SeatTaken: 'Someone just took this seat. Please go back and choose another time.',
  AlreadyBooked: 'You have booked this session already. You will find it under Your Classes.',
  NoCredits: 'You have no hours of this size left. Pay by card, or buy more hours from your dashboard.',
  CardDeclined: 'Your card was declined. Please try another card.',
  PaymentFailed: 'Your payment did not go through. Please try again, or try another card.',
  PaymentNotFound: 'We could not find this booking any more. Please reload the page.',
  SubscriptionNotFound: 'We could not find this subscription any more. Please reload the page.',
  TooLate: 'Changes close 12 hours before the start; call or text {phone}',
  // Spec 2 §8, availability ('This slot …' where a weekly slot is added: see contextMessages).
  Overlap: (error) => overlapFailureMessage('meeting', error),
  EarlyAnchor: 'Please pick a time in the future (consider next week at the same time)',
  MeetingNotStarted: 'The duration can be changed once the meeting has started.',
  DurationChanged: 'A meeting whose duration was changed cannot be moved into the future.',
  MeetingStarted: 'This session has started: it can no longer be moved or canceled. You can still enter how long it lasted.',
  MoveTooSoon: 'A booked session can move earlier only to a time at least 12 hours from now, so its customers can still skip it, and later only to a time at least an hour from now.',
  DurationTooLong: 'A session can last at most 180 minutes (two extra hours).',
  MeetingNotEnded: 'Extra time can be entered once the booked hour has ended.',
  DurationClosed: 'The duration can be changed only until 48 hours after the session. Please ask a supervisor.',
  ReasonRequired: 'Please give the reason for canceling a session that has already started.',
  NotRefundable: 'This cannot be refunded: it did not go through, nothing of it is left, or it was refunded already.',
  SummaryCannotBeCleared: 'A submitted summary cannot be left empty. Please write the new one-line summary instead of clearing it.',
  LessonNotStarted: 'Attendance, homework and the private note can be filed once the session has started.',
  // Days off (docs/contract-extensions.md): `error.day_off` names the days.
  OnDayOff: (error) => `This time is on your days off${daysOf(error)}. Pick another time, or take those days back first (Days off, on the Availability screen).`,
  DayOffOverlap: (error) => `These days meet days off you have already${daysOf(error)}. Pick other days, or take those back first.`,
  DayOffNotFound: 'These days off were taken back already. Please reload the page.',
  // Spec 2 §8, grade creation.
  GradebookNotFound: 'This gradebook no longer exists. Please refresh and try agian',
  NotEligible: 'The guarantee cannot be claimed for this course: see what the gradebook says about it.',
  AlreadyClaimed: 'The guarantee was claimed for this course already.',
  ClaimNotFound: 'This claim no longer exists. Please reload the page.',
  CategoryNotFound: 'The selected grade category no longer exists. Please refresh and try agian',
  GradeNotFound: 'This grade no longer exists. Please refresh the page.',
  GradeAlreadyExists: 'A grade with this name already exists, please try a different assignment name',
  // The sites allowed to embed the booking widget: the entry refused, as typed.
  BadEmbedOrigin: (error) => {
    const typed = typeof error.origin === 'string' ? error.origin.slice(0, 80) : '';
    if (typeof error.max === 'number') return `At most ${error.max} sites can embed the booking widget: "${typed}" is one too many. Please remove some first.`;
    return `"${typed}" is not a site address we can allow. Write it as https://example.com (with http:// or https://, no path and no *).`;
  },
  TutorNotFound: 'This tutor no longer exists. Please reload the page.',
  // Spec 2 §8, tutor archive.
  CannotArchiveSelf: 'You cannot archive yourself. Please contact another supervisor.',
  HasAttachedOfferings: (error) => `This tutor has ${count(error.offerings)} attached offerings. Please archive the tutors offerings before archiving the tutor.`,
  HasAttachedMeetings: (error) => `This tutor has attached ${count(error.meetings)} scheduled meetings. Please cancel them or have them re-assigned to another tutor.`,
  UpcomingMeetings: 'This qualification has upcoming meetings. Please cancel them or have them re-assigned before archiving it.',
  ArchivedTutorCannotHaveUnarchivedOfferings: 'An archived tutor cannot have active qualifications. Please unarchive the tutor first.',
  BadImage: (error) => {
    const reason = (error.fields as Record<string, unknown> | undefined)?.photo;
    return typeof reason === 'string' && reason.trim() !== '' ? reason : 'The photo must be a JPEG.';
  },
  BadResponse: 'The server sent an answer we could not read. Please try again in a minute.',
  CourseExists: 'A course with this number already exists at this school.',
  // Worded as the tutor archive's HasAttachedOfferings (spec 2 §8).
  CourseHasOfferings: (error) =>
    `This course has ${count(error.offerings)} attached offerings. Please archive the tutors' offerings of this course (Team View) before archiving the course.`,
  CourseArchived: 'This course is archived. Please unarchive the course (Courses & Prices) first.',
  InvalidImport: (error) => {
    const invalid = typeof error.invalid === 'number' ? error.invalid : 0;
    return `${invalid === 1 ? '1 row is' : `${invalid} rows are`} not valid, so nothing was imported. Please fix the file and try again.`;
  },
  CannotSetOwnRate: 'You cannot set your own hourly rate. Please ask another supervisor.',
  RateBackdated: (error) =>
    `A new rate can take effect from the first day of the current pay period${typeof error.first_day === 'string' ? ` (${formatDay(error.first_day)})` : ''} on: earlier periods keep their rates.`,
  PeriodNotOver: 'This pay period has not ended yet: it can be marked paid from the day after its last day.',
  PeriodAlreadyPaid: 'This pay period is marked paid already. Reload the page to see its payroll.',
  CannotApproveOwnDuration: 'You cannot approve the paid time of your own session. Please ask another supervisor.',
  // Re-assigning a session (docs/contract-extensions.md).
  NotQualified: 'This tutor is not qualified for this course (no active qualification for it). Add or unarchive the qualification on their team card first, or choose another tutor.',
  TutorArchived: 'This tutor is archived. Unarchive them first, or choose another tutor.',
  TutorBusy: (error) => {
    const epoch = overlapConflictEpoch(error);
    return `This tutor has another session${epoch === null ? ' at that time' : ` on ${formatMeetingMoment(epoch)}`}. Please choose another tutor or time.`;
  },
  MeetingCanceled: 'This session was canceled: there is nothing to re-assign. Please reload the page.',
  MeetingNotBooked: 'Nobody is booked on this hour, so there is nothing to re-assign. Reload the page to see it as it is now.',
  SameTutor: 'This session is with this tutor already. To change its time, use Reschedule/Edit Duration.',
} satisfies Record<ErrorType, Message>;

/** The screens or calls where a type reads differently (a spec's own text, or what the person can do there). */
export const contextMessages = {
  /** The text-code dialog: no account can be texted for this email. */
  codeRequest: { UserNotFound: `We can't text a login code for this email. ${TRY_EMAIL}` },
  /** A skip refused under 12 hours: the sentence the card shows then (late-change.ts). */
  skip: { TooLate: SKIP_CLOSED },
  /** Spec 1 §8, the booking flow loading the customer (a tutor's session is Unauthorized there). */
  customerLoad: {
    DBError: 'Cannot contact server, please text or dial {phone} to reserve your spot',
    Unauthorized: 'You are logged in as a tutor. Log out to book a session as a student.',
  },
  /** Step 1 of booking, finding tutors. */
  findTutors: { DBError: "We couldn't load the tutors just now. Please try again in a minute, or call or text {phone} to book." },
  /** Spec 2 §8, gradebook archive. */
  gradebookArchive: {
    DBError: 'Internal Server Error',
    Unauthorized: 'Insufficient Permissions',
    GradebookNotFound: 'This gradebook does not exist. Please contact support or try agian later',
  },
  /** Spec 2 §8, grade creation. */
  gradeCreation: { DBError: 'Internal Server Error' },
  /** Adding weekly availability: spec 2 §8's 'This slot overlaps …'. */
  weeklySlot: { Overlap: (error) => overlapFailureMessage('slot', error) },
  /** Staff reschedule a meeting: EarlyAnchor means a time in the past. */
  editMeeting: { EarlyAnchor: 'A meeting that has not started yet can only move to a time in the future.' },
  createTutor: { AlreadyExists: 'A tutor with this email or phone number already exists.' },
  photo: { BadInput: 'The photo is larger than 5 MB.' },
  offeringArchive: { NotAuthorized: 'You are not allowed to change this qualification.' },
  /** Re-assigning a session to another tutor: the days off and the start are the new tutor's and the session's. */
  reassign: {
    OnDayOff: (error) => `That time is on the tutor's days off${daysOf(error)}. Please choose another tutor or time.`,
    MeetingStarted: 'This session has started: it can no longer be re-assigned.',
    EarlyAnchor: 'Please pick a time in the future.',
    TutorNotFound: 'This tutor no longer exists. Please reload the page.',
  },
  /** Taking hours back (delete an hour, end a series, days off): a booked or paying seat keeps its hour. */
  takeBack: {
    AlreadyBooked: (error) =>
      count(error.meetings) > 0
        ? `Someone is paying for ${count(error.meetings) === 1 ? 'one of these hours' : `${count(error.meetings)} of these hours`} right now, so nothing was removed. Please try again in 15 minutes: an hour they pay for stays booked.`
        : 'This hour was just booked, or someone is paying for it right now, so it stays. Cancel a booked session with Cancel Meeting (its customers are refunded).',
    MeetingNotFound: 'This hour was removed already. Please reload the page.',
    MeetingStarted: 'This hour has started: it can no longer be removed.',
    SlotNotFound: 'This weekly series no longer exists. Please reload the page.',
  },
} satisfies Record<string, Partial<Record<ErrorType, Message>>>;

export type MessageContext = keyof typeof contextMessages;

/**
 * The login screen's line under 'Your token has expired': what happened to the link, from the
 * token call's `error.reason` (docs/contract-extensions.md).
 */
export const linkFailureReasons: Record<string, string> = {
  used: 'This link was used already: each link logs you in once.',
  expired: 'This link is more than 15 minutes old.',
  malformed: 'This link is incomplete or is not one we sent. Check that you opened the whole link from the email.',
};

const known = new Set<string>(errorTypes);

/** The support line in a sentence. */
export const withPhone = (text: string) => text.replaceAll('{phone}', formatPhone(site.supportPhone));

/**
 * The sentence for a failure, as `context` words it. Bad input whose answer names the offending
 * fields shows those reasons (they say what to fix); a type nobody expected is shown raw.
 */
export function errorMessage(error: ApiError, context?: MessageContext): string {
  const type = error.type;
  const override = context ? (contextMessages[context] as Partial<Record<string, Message>>)[type] : undefined;
  if (!override && type === 'BadInput' && rawFailureText(error) !== type) return rawFailureText(error);
  const message = override ?? (known.has(type) ? errorMessages[type as ErrorType] : undefined);
  if (message === undefined) return rawFailureText(error);
  return withPhone(typeof message === 'function' ? message(error) : message);
}
