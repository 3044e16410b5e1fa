import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../../server/clock.ts';
import { buildCalendar, invite, meetingUid } from '../../../server/domain/calendar/ics.ts';
import type { MeetingFacts } from '../../../server/events/kinds.ts';

const meeting = (id: number, start: string, sequence = 0): MeetingFacts => ({
  id,
  start: new Date(start),
  minutes: 60,
  courseName: 'MATH 124',
  place: 'Roosevelt High Library, Room 2',
  tutor: { id: 1, name: 'Priya Shah', email: 'priya@beacontutoring.com', phone: '2065550100' },
  sequence,
});

function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) })) };
}

describe('calendar entries (RFC 5545, read back with ical.js)', () => {
  afterEach(resetClock);

  it('writes each start as wall-clock time in the site zone, on both sides of a daylight-saving change', () => {
    // 6 PM in Seattle: PST in November (02:00Z next day), PDT in April (01:00Z next day).
    const ics = buildCalendar(
      [
        { meeting: meeting(1, '2026-11-25T02:00:00Z'), attendees: [] },
        { meeting: meeting(2, '2027-04-08T01:00:00Z'), attendees: [] },
      ],
      'PUBLISH',
      'https://tutoring.example.com',
    );
    const { calendar, events: all } = events(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20261124T180000');
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20270407T180000');
    expect(all.map(({ e }) => e.startDate.toJSDate().toISOString())).toEqual(['2026-11-25T02:00:00.000Z', '2027-04-08T01:00:00.000Z']);
    expect(all.map(({ e }) => e.uid)).toEqual([meetingUid(1, 'https://tutoring.example.com'), 'meeting-2@tutoring.example.com']);
    // Text with commas survives escaping.
    expect(all[0]!.e.location).toBe('Roosevelt High Library, Room 2');
  });

  it('stamps in UTC, and a cancellation outranks every version sent before it', () => {
    setClock(new Date('2026-11-23T12:34:56Z'));
    const attachment = invite([{ meeting: meeting(7, '2026-11-25T02:00:00Z', 3), attendees: [{ name: 'Alex Rivera', email: 'alex@example.com' }] }], 'CANCEL', 'https://tutoring.example.com');
    expect(attachment.method).toBe('CANCEL');
    expect(attachment.content).toMatch(/DTSTAMP:20261123T1234\d\dZ/);
    const { calendar, events: [only] } = events(attachment.content);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(only!.e.sequence).toBe(4);
    expect(only!.v.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(String(only!.v.getFirstPropertyValue('attendee'))).toMatch(/alex@example.com/i);
  });
});
