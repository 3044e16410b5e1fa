import { describe, expect, it } from 'vitest';
import type { Payment } from '../../../src/contract/entities.ts';
import { type MeetingGroup, showUpcoming, WEEKLY_SHOWN } from '../../../src/features/sessions/group-payments.ts';

const group = (meetingId: number, subscription: number | null): MeetingGroup => ({
  meeting: { id: meetingId } as Payment['meeting'],
  payments: [{ id: meetingId * 10, subscription: subscription === null ? null : { id: subscription } } as Payment],
});

describe("the upcoming list's weekly subscriptions", () => {
  // Subscription 7 has 5 meetings, 8 has 3; meetings 3 and 9 are one-time.
  const groups = [group(1, 7), group(2, 8), group(3, null), group(4, 7), group(5, 8), group(6, 7), group(9, null), group(10, 8), group(11, 7), group(12, 7)];
  const ids = (listed: ReturnType<typeof showUpcoming>) => listed.map((g) => g.meeting.id);

  it(`shows a subscription's first ${WEEKLY_SHOWN} meetings, with 'Show all' and its count on the last one shown`, () => {
    const listed = showUpcoming(groups, new Set());
    expect(ids(listed)).toEqual([1, 2, 3, 4, 5, 6, 9, 10]);
    expect(listed.filter((g) => g.more).map((g) => [g.meeting.id, g.more])).toEqual([[6, { id: '7', total: 5 }]]);
  });

  it('shows all meetings of an expanded subscription in their place, keeping its Show all on the same meeting', () => {
    const listed = showUpcoming(groups, new Set(['7']));
    expect(ids(listed)).toEqual(groups.map((g) => g.meeting.id));
    expect(listed.find((g) => g.more)?.meeting.id).toBe(6);
  });

  it('leaves one-time meetings and short subscriptions as they are', () => {
    const short = [group(1, 8), group(2, null), group(3, 8), group(4, 8)];
    expect(showUpcoming(short, new Set())).toEqual(short);
  });
});
