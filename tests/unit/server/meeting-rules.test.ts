import { cancelRefusal, durationRefusal, moveRefusal, summaryRefusal } from '../../../server/domain/meetings/meeting-rules.ts';

const HOUR = 3600_000;
const now = Date.UTC(2027, 2, 13, 12);

describe('what staff may do to a meeting', () => {
  const booked = { startMs: now + 3 * 24 * HOUR, durationMins: 60, booked: true };

  it.each([
    ['a booked meeting to just ahead', booked, now + 1000, 'MoveTooSoon'],
    ['a booked meeting earlier, inside 12 hours', booked, now + 12 * HOUR - 1000, 'MoveTooSoon'],
    ['a booked meeting earlier, 12 hours out', booked, now + 12 * HOUR, null],
    ['a booked meeting later', booked, booked.startMs + 48 * HOUR, null],
    ['a booked meeting near, later by less than an hour from now', { ...booked, startMs: now + 10 * 60_000 }, now + 50 * 60_000, 'MoveTooSoon'],
    ['a booked meeting near, later by an hour from now', { ...booked, startMs: now + 10 * 60_000 }, now + HOUR, null],
    ['an unbooked hour to minutes ahead', { ...booked, booked: false }, now + 60_000, null],
    ['any meeting into the past', { ...booked, booked: false }, now - 1000, 'EarlyAnchor'],
    ['a started meeting anywhere', { ...booked, startMs: now - 1000 }, now + 30 * 24 * HOUR, 'MeetingStarted'],
    ['a started unbooked hour', { ...booked, startMs: now, booked: false }, now - HOUR, 'MeetingStarted'],
    ['a meeting whose duration changed', { ...booked, durationMins: 90 }, now + 30 * 24 * HOUR, 'DurationChanged'],
  ])('moving %s', (_, meeting, target, expected) => {
    expect(moveRefusal(meeting, target, now)).toBe(expected);
  });

  const started = { startMs: now - 30 * 60_000, durationMins: 60 };
  it.each([
    ['before the start', { ...started, startMs: now + 1000 }, 45, 'MeetingNotStarted'],
    ['shorter, during the booked hour', started, 45, null],
    ['75 minutes, during the booked hour', started, 75, 'MeetingNotEnded'],
    ['90 minutes, at the booked hour\'s end', { ...started, startMs: now - HOUR }, 90, null],
    ['180 minutes', { ...started, startMs: now - 2 * HOUR }, 180, null],
    ['181 minutes', { ...started, startMs: now - 2 * HOUR }, 181, 'DurationTooLong'],
    ['48 hours after the end', { ...started, startMs: now - 49 * HOUR }, 90, null],
    ['past 48 hours after the end', { ...started, startMs: now - 49 * HOUR - 1000 }, 90, 'DurationClosed'],
    ['the same value, late', { startMs: now - 100 * HOUR, durationMins: 90 }, 90, null],
  ])('entering a duration %s', (_, meeting, minutes, expected) => {
    expect(durationRefusal(meeting, minutes, now)).toBe(expected);
  });

  it('lets a tutor cancel only before the start, and a supervisor after it with a reason', () => {
    expect(cancelRefusal({ startMs: now + 1000 }, false, '', now)).toBeNull();
    expect(cancelRefusal({ startMs: now }, false, 'reason', now)).toBe('MeetingStarted');
    expect(cancelRefusal({ startMs: now - HOUR }, true, '  ', now)).toBe('ReasonRequired');
    expect(cancelRefusal({ startMs: now - HOUR }, true, 'The tutor was ill', now)).toBeNull();
  });
});

describe('the summary and the lesson report', () => {
  const started = { startMs: now - 1000, notes: 'Loops' };
  it.each([
    ['a new summary for one on file', started, { notes: 'Loops and lists', report: false }, null],
    ['an empty summary for one on file', started, { notes: '', report: false }, 'SummaryCannotBeCleared'],
    ['a blank summary for one on file', started, { notes: '   ', report: true }, 'SummaryCannotBeCleared'],
    ['an empty summary where there is none, with a report', { ...started, notes: '' }, { notes: '', report: true }, null],
    ['a report at the start', { ...started, startMs: now }, { notes: 'Loops', report: true }, null],
    ['a report before the start', { ...started, startMs: now + 1000 }, { notes: 'Loops', report: true }, 'LessonNotStarted'],
    ['a summary alone before the start (the spec has no rule)', { startMs: now + 1000, notes: '' }, { notes: 'Plan', report: false }, null],
  ])('%s', (_, meeting, change, expected) => {
    expect(summaryRefusal(meeting, change, now)).toBe(expected);
  });
});
