import { describe, expect, it } from 'vitest';
import { overlapConflictEpoch, overlapFailureMessage, rawFailureText } from '../../../src/lib/api-messages.ts';
import { NETWORK_MESSAGE } from '../../../src/lib/network-message.ts';
import { dateTimeLocalMin, fromDateTimeLocal, toDateTimeLocal } from '../../../src/lib/datetime-local.ts';
import { formatMeetingMoment, overlapMessage } from '../../../src/lib/overlap-message.ts';
import { campusTime, formatSessionTime, formatTimeRange } from '../../../src/lib/time-format.ts';

// Tuesday 24 November 2026, 5:00 PM in Los Angeles (PST, UTC-8).
const tuesdayFivePm = Date.UTC(2026, 10, 25, 1, 0) / 1000;

// Tuesday 24 November 2026, 8:00 PM in Los Angeles (PST): 11:00 PM in New York, 4:00 AM Wednesday in UTC.
const tuesdayEightPm = Date.UTC(2026, 10, 25, 4, 0) / 1000;

describe('session times', () => {
  it("shows the date and hours in the viewer's zone with the zone's abbreviation", () => {
    expect(formatSessionTime(tuesdayEightPm, 60, { timeZone: 'America/Los_Angeles' })).toBe('Tue, Nov 24 · 8:00–9:00 PM PST');
    expect(formatSessionTime(tuesdayEightPm, 60, { timeZone: 'America/New_York' })).toBe('Tue, Nov 24 · 11:00 PM–12:00 AM EST');
    expect(formatSessionTime(tuesdayEightPm, 90, { timeZone: 'UTC' })).toBe('Wed, Nov 25 · 4:00–5:30 AM UTC');
    // A zone without a common English abbreviation is named by its offset.
    expect(formatTimeRange(tuesdayEightPm, 60, 'Europe/Berlin')).toBe('5:00–6:00 AM GMT+1');
    expect(formatTimeRange(tuesdayFivePm - 6 * 3600, 120, 'America/Los_Angeles')).toBe('11:00 AM–1:00 PM PST');
  });

  it('names the summer zone after the daylight-saving change', () => {
    // Tuesday 16 March 2027, 6:00 PM in Los Angeles: daylight saving began on 14 March.
    expect(formatSessionTime(Date.UTC(2027, 2, 17, 1, 0) / 1000, 60, { timeZone: 'America/Los_Angeles' })).toBe('Tue, Mar 16 · 6:00–7:00 PM PDT');
  });

  it('adds the campus time to an in-person session only when the viewer is in another zone', () => {
    expect(formatSessionTime(tuesdayEightPm, 60, { inPerson: true, timeZone: 'America/Los_Angeles' })).toBe('Tue, Nov 24 · 8:00–9:00 PM PST');
    // Another name of the campus zone adds nothing either.
    expect(campusTime(tuesdayEightPm, 60, 'US/Pacific')).toBe('');
    expect(formatSessionTime(tuesdayEightPm, 60, { inPerson: true, timeZone: 'America/New_York' })).toBe(
      'Tue, Nov 24 · 11:00 PM–12:00 AM EST (8:00–9:00 PM PST on campus)',
    );
    // Another day on campus: its weekday says which.
    expect(formatSessionTime(tuesdayEightPm, 60, { inPerson: true, timeZone: 'UTC' })).toBe('Wed, Nov 25 · 4:00–5:00 AM UTC (Tue 8:00–9:00 PM PST on campus)');
    // Online sessions have no campus.
    expect(formatSessionTime(tuesdayEightPm, 60, { timeZone: 'UTC' })).toBe('Wed, Nov 25 · 4:00–5:00 AM UTC');
  });
});

describe('overlap messages', () => {
  it('names the weekday, month, day and time of the conflict in the given zone', () => {
    expect(formatMeetingMoment(tuesdayFivePm, 'America/Los_Angeles')).toBe('Tuesday November 24 at 5:00 PM');
    expect(formatMeetingMoment(tuesdayFivePm, 'America/New_York')).toBe('Tuesday November 24 at 8:00 PM');
    expect(formatMeetingMoment(tuesdayFivePm, 'UTC')).toBe('Wednesday November 25 at 1:00 AM');
  });

  it('words a one-off meeting and a weekly slot as spec 2 §8 does', () => {
    expect(overlapMessage('meeting', tuesdayFivePm, 'America/Los_Angeles')).toBe('This meeting overlaps with your meeting on Tuesday November 24 at 5:00 PM');
    expect(overlapMessage('slot', tuesdayFivePm + 30 * 60, 'America/Los_Angeles')).toBe(
      'This slot overlaps with your meeting on Tuesday November 24 at 5:30 PM',
    );
  });

  it("reads the conflict from an Overlap failure's error.meeting, with a plain sentence without it", () => {
    const error = { type: 'Overlap', meeting: { id: 4, occurrence_epoch: tuesdayFivePm, duration_mins: 60 } };
    expect(overlapConflictEpoch(error)).toBe(tuesdayFivePm);
    expect(overlapFailureMessage('slot', error, 'America/Los_Angeles')).toBe('This slot overlaps with your meeting on Tuesday November 24 at 5:00 PM');
    expect(overlapConflictEpoch({ type: 'Overlap' })).toBeNull();
    expect(overlapFailureMessage('meeting', { type: 'Overlap', meeting: { id: 4 } })).toBe('This meeting overlaps with one of your meetings');
    expect(NETWORK_MESSAGE).toBe("Couldn't contact server. Try again later.");
  });
});

describe('raw failure text', () => {
  it("shows the type, or a bad input's field reasons when the answer names them", () => {
    expect(rawFailureText({ type: 'TutorNotFound' })).toBe('TutorNotFound');
    expect(rawFailureText({ type: 'BadInput' })).toBe('BadInput');
    expect(rawFailureText({ type: 'BadInput', fields: { anchor_epoch: 'The semester ends before this date' } })).toBe('The semester ends before this date');
    expect(rawFailureText({ type: 'BadInput', fields: { a: '', b: 3 } })).toBe('BadInput');
  });
});

describe('datetime-local values', () => {
  it('round-trips epoch seconds through the input value in the browser zone', () => {
    const epoch = new Date(2026, 10, 24, 17, 5).getTime() / 1000;
    expect(toDateTimeLocal(epoch)).toBe('2026-11-24T17:05');
    expect(fromDateTimeLocal('2026-11-24T17:05')).toBe(epoch);
    expect(fromDateTimeLocal('2026-11-24T17:05:30')).toBe(epoch + 30);
  });

  it('refuses values that are not a date-time', () => {
    expect(fromDateTimeLocal('')).toBeNaN();
    expect(fromDateTimeLocal('2026-11-24')).toBeNaN();
    expect(fromDateTimeLocal('tomorrow')).toBeNaN();
  });

  it('sets the minimum at the next whole minute', () => {
    const now = new Date(2026, 10, 24, 17, 5, 20).getTime();
    expect(dateTimeLocalMin(now)).toBe('2026-11-24T17:06');
    expect(dateTimeLocalMin(new Date(2026, 10, 24, 17, 5, 0).getTime())).toBe('2026-11-24T17:05');
  });
});
