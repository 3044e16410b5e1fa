import type { MeetingWithPayments } from '../../contract/entities.ts';
import { dayInZone } from '../../lib/site-days.ts';
import { formatTimeRange } from '../../lib/time-format.ts';
import { daysOf, hoursShown, placeInWeek } from '../../lib/week-placement.ts';
import type { Week } from '../../lib/week-range.ts';

/**
 * The week view's content (WeekGrid.tsx draws it), loaded with the grid on demand. It imports
 * nothing the tutor screens' own code does: a module both imported would become a file of its
 * own, which the dashboards' first load would then list. So the two rules of tutor-meetings.ts it
 * needs are written again here.
 */

/** Someone paid (or is scheduled to pay) for it (tutor-meetings.ts `booked`). */
const booked = ({ payments }: MeetingWithPayments) => payments.some((p) => p.payment_status !== 'canceled');
/** 'Alex R.' (tutor-meetings.ts `shortName`). */
const shortName = (first: string, last: string) => (last.trim() ? `${first.trim()} ${last.trim().charAt(0).toUpperCase()}.` : first.trim());

/** An hour of the week: where it goes and what it says. */
export interface HourBox {
  item: MeetingWithPayments;
  key: string;
  epoch: number;
  startMinute: number;
  minutes: number;
  /** '5:15–6:15 AM PST' */
  time: string;
  /** 'Unbooked', 'Being booked' or 'Booked: CS 121 with Alex R.' */
  label: string;
  state: 'booked' | 'holding' | 'unbooked';
  weekly: boolean;
}

export interface WeekDay {
  day: string;
  /** 'Monday, November 23' */
  title: string;
  /** 'Mon 23' */
  short: string;
  today: boolean;
  hours: HourBox[];
}

export interface WeekLayout {
  days: WeekDay[];
  /** The hours the grid shows, from `first` to `last` o'clock. */
  first: number;
  last: number;
  empty: boolean;
}

const dayTitle = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** What an hour is, in words: 'Booked: ' its course and customers, or 'Unbooked'; and whether a checkout holds it. */
function whatItIs({ meeting, payments }: MeetingWithPayments): Pick<HourBox, 'state' | 'label'> {
  if (booked({ meeting, payments })) {
    const names = [...new Set(payments.filter((p) => p.payment_status !== 'canceled' && !p.is_incremental).map((p) => shortName(p.customer.firstname, p.customer.lastname)))];
    const who = [meeting.offering?.course.course_number, names.length > 0 && `with ${names.join(', ')}`].filter(Boolean).join(' ');
    return { state: 'booked', label: who ? `Booked: ${who}` : 'Booked' };
  }
  if (meeting.reservations_taken > 0) return { state: 'holding', label: 'Being booked' };
  return { state: 'unbooked', label: 'Unbooked' };
}

/** The week's seven days (Monday first) with their hours placed by the zone's clock. */
export function layoutWeek(week: Week, items: MeetingWithPayments[], zone: string, nowMs: number): WeekLayout {
  const placed = placeInWeek(week, items, (i) => i.meeting.occurrence_epoch, (i) => i.meeting.duration_mins, zone);
  const { first, last } = hoursShown(placed);
  const today = dayInZone(nowMs, zone);
  const days = daysOf(week).map((day, column) => ({
    day,
    title: dayTitle.format(utcDay(day)),
    short: `${weekdayShort.format(utcDay(day))} ${Number(day.slice(8))}`,
    today: day === today,
    hours: placed
      .filter((p) => p.column === column)
      .map(({ item, startMinute, endMinute }) => ({
        item,
        key: String(item.meeting.id),
        epoch: item.meeting.occurrence_epoch,
        startMinute,
        minutes: endMinute - startMinute,
        time: formatTimeRange(item.meeting.occurrence_epoch, item.meeting.duration_mins, zone),
        weekly: Boolean(item.meeting.slot),
        ...whatItIs(item),
      })),
  }));
  return { days, first, last, empty: placed.length === 0 };
}
