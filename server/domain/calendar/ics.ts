/**
 * Calendar entries for meetings (RFC 5545), built with ical-generator rather than by hand: it folds
 * long lines, escapes text and writes a VTIMEZONE (from @touch4it/ical-timezones) so each start is
 * given in the site's own zone (TZID), which the `ics` package cannot do (it writes UTC or floating
 * times only).
 *
 * Each meeting is one VEVENT whose UID never changes (`meeting-{id}@{site host}`); a move is sent
 * again with the same UID and a higher SEQUENCE (meetings.calendar_sequence), and a cancellation
 * as METHOD:CANCEL, so the entry in a person's calendar follows the meeting. Invites by email use
 * REQUEST or CANCEL; a download and the private feed use PUBLISH (no reply is expected).
 */
import ical, { ICalCalendarMethod, ICalEventStatus, ICalAttendeeRole, ICalAttendeeStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { TZDate } from '@date-fns/tz';
import { site } from '../../../src/config/site.ts';
import { now } from '../../clock.ts';
import type { MeetingFacts } from '../../events/kinds.ts';
import type { CalendarAttachment } from '../sign-in/outgoing.ts';

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/** Who the entry is for: the tutor sees the students, a student sees the tutor as organizer. */
export interface CalendarEntry {
  meeting: MeetingFacts;
  /** The students of the meeting, named on the tutor's entries (and each student's own). */
  attendees: { name: string; email: string }[];
  /** A cancellation: the entry is removed from the calendar that has it. */
  canceled?: boolean;
}

/** The UID of a meeting's entry: stable for the meeting's whole life, unique across sites. */
export function meetingUid(meetingId: number, siteUrl: string): string {
  return `meeting-${meetingId}@${new URL(siteUrl).hostname}`;
}

const methods = { REQUEST: ICalCalendarMethod.REQUEST, CANCEL: ICalCalendarMethod.CANCEL, PUBLISH: ICalCalendarMethod.PUBLISH } as const;

/** One calendar (VCALENDAR) with an event per entry, in the site's zone. */
export function buildCalendar(entries: CalendarEntry[], method: CalendarMethod, siteUrl: string, name = site.brandName, stamp: Date = now()): string {
  const calendar = ical({
    name,
    prodId: { company: site.brandName, product: 'sessions', language: 'EN' },
    method: methods[method],
    // No calendar-wide zone: the library would then write DTSTAMP in it, where RFC 5545 wants UTC.
    // The events' own zone still gets its VTIMEZONE from the generator.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const { meeting, attendees, canceled } of entries) {
    const title = `${meeting.courseName ?? 'Tutoring'} with ${meeting.tutor.name}`;
    calendar.createEvent({
      id: meetingUid(meeting.id, siteUrl),
      // A cancellation outranks every version sent before it.
      sequence: canceled ? meeting.sequence + 1 : meeting.sequence,
      stamp,
      // A TZDate carries the zone, so the library writes the wall-clock time of the site's zone
      // (a plain Date would be written in the server process's own zone).
      start: new TZDate(meeting.start.getTime(), site.timeZone),
      end: new TZDate(meeting.start.getTime() + meeting.minutes * 60_000, site.timeZone),
      timezone: site.timeZone,
      summary: `${site.brandName}: ${title}`,
      description: `${title}. To skip or change it, open your dashboard: ${siteUrl} or call or text ${site.supportPhone}.`,
      location: meeting.place,
      url: siteUrl,
      status: canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: meeting.tutor.name, email: meeting.tutor.email },
      attendees: attendees.map((a) => ({ name: a.name, email: a.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED })),
    });
  }
  return calendar.toString();
}

/** An email's invite: REQUEST adds or updates the entries, CANCEL removes them; stamped when its change happened. */
export function invite(entries: CalendarEntry[], method: 'REQUEST' | 'CANCEL', siteUrl: string, stamp: Date = now()): CalendarAttachment {
  return { method, content: buildCalendar(entries.map((e) => ({ ...e, canceled: method === 'CANCEL' })), method, siteUrl, site.brandName, stamp) };
}
