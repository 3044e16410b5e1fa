import { type CSSProperties, useRef, useState } from 'react';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { useMoment } from '../../lib/moment.ts';
import { dayInZone } from '../../lib/site-days.ts';
import { formatTimeRange } from '../../lib/time-format.ts';
import { daysOf, hoursShown, placeInWeek, type Week } from '../../lib/week-range.ts';
import { RepeatIcon } from '../../ui/action-icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { type Fresh, useFreshHour } from './fresh-hour.ts';
import type { RenderMeeting } from './TutorMeetingsScreen.tsx';
import { booked, shortName } from './tutor-meetings.ts';
import styles from './week.module.css';

export interface WeekGridProps {
  week: Week;
  zone: string;
  /** The week's meetings (the span's read). */
  items: MeetingWithPayments[];
  refreshing: boolean;
  reload: () => void;
  renderMeeting: RenderMeeting;
  fresh?: Fresh;
}

export const EMPTY_WEEK = 'No hours this week. Use Next week to look ahead, or add availability with the + button on Manage Availability.';

const dayTitle = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const dayShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', day: 'numeric' });
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const hourLabel = (hour: number) => `${((hour + 11) % 12) + 1} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;

/** What an hour is, in words: 'Booked: ' its course and customers, or 'Unbooked'; and whether a checkout holds it. */
function whatItIs({ meeting, payments }: MeetingWithPayments): { state: 'booked' | 'holding' | 'unbooked'; label: string } {
  const course = meeting.offering?.course.course_number;
  if (booked({ meeting, payments })) {
    const names = [...new Set(payments.filter((p) => p.payment_status !== 'canceled' && !p.is_incremental).map((p) => shortName(p.customer.firstname, p.customer.lastname)))];
    const who = [course, names.length > 0 && `with ${names.join(', ')}`].filter(Boolean).join(' ');
    return { state: 'booked', label: who ? `Booked: ${who}` : 'Booked' };
  }
  if (meeting.reservations_taken > 0) return { state: 'holding', label: 'Being booked' };
  return { state: 'unbooked', label: 'Unbooked' };
}

/**
 * The week's seven columns (Monday to Sunday in the tutor's zone), each hour placed by its time on
 * the zone's clock: a button named with its day, time, what it is (course and customers, or
 * Unbooked) and whether it is weekly or one-off, told apart by words and an icon as well as by
 * colour. Pressing one opens the meeting's card in a dialog, with every action the card has. On a
 * phone's width the days stack, each with its hours in time order.
 */
export function WeekGrid({ week, zone, items, refreshing, reload, renderMeeting, fresh }: WeekGridProps) {
  const moment = useMoment();
  const gridRef = useRef<HTMLDivElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const placed = placeInWeek(week, items, (i) => i.meeting.occurrence_epoch, (i) => i.meeting.duration_mins, zone);
  const { first, last } = hoursShown(placed);
  const today = dayInZone(moment.nowMs, zone);
  useFreshHour(gridRef, fresh, fresh !== undefined && placed.some((p) => p.item.meeting.occurrence_epoch === fresh.epoch));
  // The dialog follows the meeting through reloads; one that went (deleted) closes it.
  const open = openId === null ? undefined : items.find((i) => String(i.meeting.id) === openId);
  const openDay = open ? dayTitle.format(utcDay(dayInZone(open.meeting.occurrence_epoch * 1000, zone))) : '';

  if (placed.length === 0) return <p className={styles.empty}>{EMPTY_WEEK}</p>;
  return (
    <>
      <div ref={gridRef} className={styles.grid} style={{ '--first': first, '--rows': last - first } as CSSProperties} aria-busy={refreshing || undefined}>
        <div className={styles.gutter} aria-hidden="true">
          {Array.from({ length: last - first }, (_, i) => (
            <span key={i} style={{ '--row': i } as CSSProperties}>
              {hourLabel(first + i)}
            </span>
          ))}
        </div>
        {daysOf(week).map((day, column) => {
          const hours = placed.filter((p) => p.column === column);
          const title = dayTitle.format(utcDay(day));
          return (
            <section key={day} className={styles.day} aria-label={title} data-today={day === today || undefined}>
              <h3 className={styles.dayTitle}>
                <span aria-hidden="true">{dayShort.format(utcDay(day))}</span>
              </h3>
              <div className={styles.dayBody}>
                {hours.length === 0 && <p className={styles.noHours}>No hours</p>}
                {hours.map(({ item, startMinute, endMinute }) => {
                  const { meeting } = item;
                  const what = whatItIs(item);
                  const weekly = Boolean(meeting.slot);
                  const time = formatTimeRange(meeting.occurrence_epoch, meeting.duration_mins, zone);
                  return (
                    <button
                      key={String(meeting.id)}
                      type="button"
                      className={styles.hour}
                      data-state={what.state}
                      data-epoch={meeting.occurrence_epoch}
                      style={{ '--start': startMinute, '--length': endMinute - startMinute } as CSSProperties}
                      onClick={() => setOpenId(String(meeting.id))}
                    >
                      {/* The name is the visible text after the day, which only a screen reader needs (the column says it). */}
                      <span className={styles.time}>
                        <span className="visually-hidden">{title}, </span>
                        {time}
                      </span>
                      <span className={styles.what}>{what.label}</span>
                      <span className={styles.kind}>
                        {weekly && <RepeatIcon size={12} />}
                        {weekly ? 'Weekly' : 'One-off'}
                      </span>
                    </button>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
      <Modal
        open={open !== undefined}
        onClose={() => setOpenId(null)}
        title={open ? `${openDay}, ${formatTimeRange(open.meeting.occurrence_epoch, open.meeting.duration_mins, zone)}` : ''}
        secondary={[{ label: 'Close', onClick: () => setOpenId(null) }]}
      >
        {open && <div className={styles.card}>{renderMeeting(open, reload)}</div>}
      </Modal>
    </>
  );
}
