import type { Kysely } from 'kysely';
import { inPersonLabel, site } from '../../../src/config/site.ts';
import type { Database } from '../../db/schema.ts';
import type { MeetingFacts } from '../../events/kinds.ts';
import { meetingsWithTutorAndCourse } from '../../db/meeting-joins.ts';

/** What messages and calendar entries tell of meetings, read in one query for any number of them. */
export async function meetingFacts(db: Kysely<Database>, meetingIds: number[]): Promise<Map<number, MeetingFacts>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await meetingsWithTutorAndCourse(db)
    .select([
      'm.id',
      'm.occurrence',
      'm.duration_mins',
      'm.course_style',
      'm.calendar_sequence',
      't.id as tutor_id',
      't.name as tutor_name',
      't.email as tutor_email',
      't.phone as tutor_phone',
      'c.course_number',
      'c.school',
    ])
    .where('m.id', 'in', [...new Set(meetingIds)])
    .orderBy('m.occurrence')
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        start: new Date(row.occurrence),
        minutes: row.duration_mins,
        // Messages name a course by its number ('CS 121'), as the booking flow's course field does.
        courseName: row.course_number,
        place: row.course_style === 'in-person' ? inPersonLabel(row.school ?? '') : 'Online',
        tutor: { id: row.tutor_id, name: row.tutor_name, email: row.tutor_email, phone: row.tutor_phone },
        sequence: row.calendar_sequence,
      },
    ]),
  );
}

/** The meetings in start order (the map keeps the query's order). */
export function inOrder(facts: Map<number, MeetingFacts>, ids: number[]): MeetingFacts[] {
  const wanted = new Set(ids);
  return [...facts.values()].filter((m) => wanted.has(m.id));
}

/** A start as people read it, in the site's zone with its abbreviation: 'Tuesday, November 24, 8:00 PM PST'. */
export function formatMeetingTime(start: Date, timeZone: string = site.timeZone): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(start);
}

/** A shorter start for texts: 'Tue, Nov 24, 8:00 PM PST'. */
export function formatShortTime(start: Date, timeZone: string = site.timeZone): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(start);
}
