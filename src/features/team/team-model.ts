import type { ApiResult } from '../../api/http.ts';
import type { Course, Offering, Tutor } from '../../contract/entities.ts';
import type { ApiError } from '../../contract/envelope.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { contextMessages, errorMessage, errorMessages } from '../../lib/error-messages.ts';
import { type CourseOption, courseLabel, coursesBySchool } from '../../lib/courses.ts';
import { isMagicLinkEmail } from '../../lib/email.ts';
import { isValidPhone } from '../../lib/phone.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date → the value of an `<input type="date">` ("2026-11-24") in the viewer's zone. */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parseDateInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The team view's default range (spec 2 §9): from 7 days ago to the end of today, as date-input values. */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7);
  return { from: toDateInput(from), to: toDateInput(now) };
}

/**
 * The date inputs → epoch seconds in the viewer's zone: the start of the From day to the last second
 * of the To day. Null when either is not a date or From is after To.
 */
export function rangeEpochs(from: string, to: string): { from: number; to: number } | null {
  const start = parseDateInput(from);
  const end = parseDateInput(to);
  if (!start || !end) return null;
  const endOfDay = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  const fromEpoch = Math.floor(start.getTime() / 1000);
  const toEpoch = Math.floor(endOfDay.getTime() / 1000) - 1;
  return fromEpoch <= toEpoch ? { from: fromEpoch, to: toEpoch } : null;
}

export { CONFIRMED_HELP, formatHours, SCHEDULED_HELP } from '../../lib/hours.ts';

/** The team view's choices as the address keeps them (`?from=…&to=…&archived=1`), so a reload or Back keeps them. */
export interface TeamViewState {
  range: { from: string; to: string };
  showArchived: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The choices in an address's query, the defaults for what it lacks or has wrong. */
export function teamViewFromSearch(search: string, now: Date = new Date()): TeamViewState {
  const params = new URLSearchParams(search);
  const fallback = defaultRange(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    range: { from: DATE.test(from) ? from : fallback.from, to: DATE.test(to) ? to : fallback.to },
    showArchived: params.get('archived') === '1',
  };
}

/** The query that keeps the choices (dates as chosen, even a wrong order, so the page shows them as they were). */
export function teamViewSearch({ range, showArchived }: TeamViewState): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  if (showArchived) params.set('archived', '1');
  return `?${params.toString()}`;
}

/** Archived tutors are hidden unless 'Show Archived' is on (spec 2 §6). */
export const visibleTutors = (tutors: Tutor[], showArchived: boolean) => (showArchived ? tutors : tutors.filter((t) => t.role !== 'Archived'));

// --- tutor archive (spec 2 §8) -------------------------------------------------------------------

export const CANNOT_ARCHIVE_SELF = errorMessages.CannotArchiveSelf;

export function tutorArchiveMessage(result: Exclude<ApiResult<unknown>, { status: 'success' }>): string {
  return result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error);
}

// --- offering archive (spec 2 §8) ----------------------------------------------------------------

/** The offering archive's failures that are told (the others reload the data, or are ignored). */
export const OFFERING_MESSAGES: Record<string, string> = {
  NotAuthorized: contextMessages.offeringArchive.NotAuthorized,
  UpcomingMeetings: errorMessages.UpcomingMeetings,
  ArchivedTutorCannotHaveUnarchivedOfferings: errorMessages.ArchivedTutorCannotHaveUnarchivedOfferings,
};

/** What the screen does with a failed offering archive: say a sentence, reload the data, or nothing. */
export type OfferingFailureAction = { kind: 'message'; message: string } | { kind: 'reload' } | { kind: 'ignore' };

export function offeringArchiveFailure(result: Exclude<ApiResult<unknown>, { status: 'success' }>): OfferingFailureAction {
  if (result.status === 'network-error') return { kind: 'message', message: NETWORK_MESSAGE };
  const message = OFFERING_MESSAGES[result.error.type];
  if (message) return { kind: 'message', message };
  if (result.error.type === 'DBError') return { kind: 'ignore' };
  return { kind: 'reload' };
}

// --- create tutor --------------------------------------------------------------------------------

export const CREATE_NETWORK_MESSAGE = 'Unable to process this request';
export const ALREADY_EXISTS_MESSAGE = contextMessages.createTutor.AlreadyExists;
export type TutorField = 'name' | 'email' | 'phone' | 'background';
const tutorFields: TutorField[] = ['name', 'email', 'phone', 'background'];

/** What each Create Tutor field asks for, in words (never a validator's 'Too small: expected string…'). */
export const TUTOR_FIELD_HINTS: Record<TutorField, string> = {
  name: 'Enter a first name',
  email: 'Enter an email address, such as sam@beacontutoring.com',
  phone: 'Enter a 10-digit phone number',
  background: 'Keep the bio under 2,000 characters',
};

/** The fields the form can tell are wrong before sending, in words. */
export function tutorFormProblems(values: Record<TutorField, string>): Partial<Record<TutorField, string>> {
  const problems: Partial<Record<TutorField, string>> = {};
  if (values.name.trim() === '') problems.name = TUTOR_FIELD_HINTS.name;
  if (!isMagicLinkEmail(values.email)) problems.email = TUTOR_FIELD_HINTS.email;
  if (!isValidPhone(values.phone)) problems.phone = TUTOR_FIELD_HINTS.phone;
  if (values.background.length > 2000) problems.background = TUTOR_FIELD_HINTS.background;
  return problems;
}

/** A validator's own wording (the schema library's defaults), which the form says in words instead. */
const VALIDATOR_WORDING = /^(too small|too big|invalid|expected|required)/i;

/** A BadInput failure's reasons per field (`error.fields`), for the fields the form has, in words. */
export function fieldErrors(error: ApiError): Partial<Record<TutorField, string>> {
  const fields = error.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Partial<Record<TutorField, string>> = {};
  for (const field of tutorFields) {
    const reason = (fields as Record<string, unknown>)[field];
    if (typeof reason === 'string' && reason.trim() !== '') out[field] = VALIDATOR_WORDING.test(reason.trim()) ? TUTOR_FIELD_HINTS[field] : reason;
  }
  return out;
}

// --- qualifications ------------------------------------------------------------------------------

export interface SchoolGroup {
  label: string;
  options: CourseOption[];
}

/** The class select's options (spec 2 §2): grouped by school, each group sorted by course number. */
export function groupCoursesBySchool(courses: Course[]): SchoolGroup[] {
  return coursesBySchool(courses).map((group) => ({
    label: group.name,
    options: group.courses.map((course) => ({ value: String(course.id), label: courseLabel(course), course })),
  }));
}

/** Active qualifications first, then archived ones, each by course number. */
export function splitOfferings(offerings: Offering[]): { active: Offering[]; archived: Offering[] } {
  const sorted = [...offerings].sort((a, b) => a.course.course_number.localeCompare(b.course.course_number, undefined, { numeric: true }));
  return { active: sorted.filter((o) => !o.archived), archived: sorted.filter((o) => o.archived) };
}
