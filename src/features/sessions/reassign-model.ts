import type { ReassignInput } from '../../api/reassign.ts';
import type { Id, Reassigned, ReassignCandidates } from '../../contract/entities.ts';
import { formatDayRange } from '../../lib/site-days.ts';
import { formatSessionTime } from '../../lib/time-format.ts';

/**
 * The re-assign dialog's words and choices (ReassignDialog.tsx), apart from React so they are
 * tested as plain functions.
 */

/** What moves: the one session, or a weekly series' booked weeks from a day on. */
export type ReassignScope = 'one' | 'series';

/** One choice of the dialog: a tutor at the session's own time, or another tutor's open hour. */
export type ReassignChoice = { kind: 'same'; tutor: Id } | { kind: 'other'; tutor: Id; hour: Id; epoch: number };

/** A choice as a radio button's value. */
export const choiceKey = (choice: ReassignChoice) => (choice.kind === 'same' ? `same:${choice.tutor}` : `other:${choice.hour}`);

/** Every choice the candidates offer, by key. */
export function choicesOf(candidates: ReassignCandidates): Map<string, ReassignChoice> {
  const choices: ReassignChoice[] = [
    ...candidates.free.map((f): ReassignChoice => ({ kind: 'same', tutor: f.tutor.id })),
    ...candidates.other_times.map((o): ReassignChoice => ({ kind: 'other', tutor: o.tutor.id, hour: o.hour.id, epoch: o.hour.occurrence_epoch })),
  ];
  return new Map(choices.map((choice) => [choiceKey(choice), choice]));
}

/** The request a choice makes. */
export function reassignInput(choice: ReassignChoice, scope: ReassignScope, fromDay: string): ReassignInput {
  if (choice.kind === 'other') return { tutor: choice.tutor, occurrence_epoch: choice.epoch };
  return scope === 'series' ? { tutor: choice.tutor, from_date: fromDay } : { tutor: choice.tutor };
}

/** Why a qualified tutor is not offered: 'has another session then (Tue, Nov 24 · 8:00–9:00 PM PST)' or 'is on days off (…)'. */
export function unavailableReason(entry: ReassignCandidates['unavailable'][number], timeZone?: string): string {
  if (entry.reason === 'day_off') return `is on days off${entry.day_off ? ` (${formatDayRange(entry.day_off.first_day, entry.day_off.last_day)})` : ''}`;
  return `has another session then${entry.meeting ? ` (${formatSessionTime(entry.meeting.occurrence_epoch, entry.meeting.duration_mins, { timeZone })})` : ''}`;
}

/** 'Tue, Nov 24 · 8:00–9:00 PM PST' for one session, or '5 weekly sessions from Tue, Nov 24 · …' for a series. */
export function sessionsLine(sessions: { occurrence_epoch: number; duration_mins: number }[], timeZone?: string): string {
  const first = sessions[0];
  if (!first) return '';
  const when = formatSessionTime(first.occurrence_epoch, first.duration_mins, { timeZone });
  return sessions.length === 1 ? when : `${sessions.length} weekly sessions from ${when}`;
}

/** What the done dialog says: where the sessions went, that the money stays, who was told. */
export function doneLines(result: Reassigned, timeZone?: string): string[] {
  const tutor = result.tutor.name;
  const moved = result.meetings.length === 1 ? `The session (${sessionsLine(result.meetings, timeZone)}) is now with ${tutor}.` : `${sessionsLine(result.meetings, timeZone)} are now with ${tutor}.`;
  return [
    moved,
    'Nothing was refunded or charged. The customer gets an updated calendar invite naming the new tutor; both tutors are told by email and text.',
    ...(result.hours_used.length > 0 ? [`${tutor}’s open ${result.hours_used.length === 1 ? 'hour' : 'hours'} at that time ${result.hours_used.length === 1 ? 'was' : 'were'} used for it.`] : []),
  ];
}
