import { type CSSProperties, type RefObject, useState } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import type { RenderMeeting } from './render-meeting.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import type { Week } from '../../lib/week-range.ts';
import { layoutWeek } from './week-layout.ts';
import styles from './week.module.css';

export interface WeekGridProps {
  week: Week;
  zone: string;
  nowMs: number;
  /** The week's meetings (its span's read). */
  items: MeetingWithPayments[];
  refreshing: boolean;
  reload: () => void;
  renderMeeting: RenderMeeting;
  /** The grid, where a new hour is looked for (fresh-hour.ts). */
  gridRef: RefObject<HTMLDivElement | null>;
}

export const EMPTY_WEEK = 'No hours this week. Use Next week to look ahead, or add availability with the + button on Manage Availability.';

const hourLabel = (hour: number) => `${((hour + 11) % 12) + 1} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;

/**
 * The week's seven columns (Monday to Sunday in the tutor's zone), each hour placed by its time on
 * the zone's clock: a button whose name is its visible text (time, what it is: course and
 * customers, or Unbooked; and Weekly or One-off, in words and an icon as well as colour) with the
 * day before it for screen readers. Pressing one opens the meeting's card in a dialog, with every
 * action the card has. On a phone's width the days stack, each with its hours in time order.
 */
export function WeekGrid({ week, zone, nowMs, items, refreshing, reload, renderMeeting, gridRef }: WeekGridProps) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const layout = layoutWeek(week, items, zone, nowMs);
  const { days, first, last } = layout;
  // The dialog follows the meeting through reloads; one that went (deleted) closes it.
  const openDay = days.find((d) => d.hours.some((h) => h.key === openKey));
  const open = openDay?.hours.find((h) => h.key === openKey);

  if (layout.empty) return <p className={styles.empty}>{EMPTY_WEEK}</p>;
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
        {days.map(({ day, title, short, today, hours }) => (
          <section key={day} className={styles.day} aria-label={title} data-today={today || undefined}>
            <h3 className={styles.dayTitle}>
              <span aria-hidden="true">{short}</span>
            </h3>
            <div className={styles.dayBody}>
              {hours.length === 0 && <p className={styles.noHours}>No hours</p>}
              {hours.map((hour) => (
                <button
                  key={hour.key}
                  type="button"
                  className={styles.hour}
                  data-state={hour.state}
                  data-epoch={hour.epoch}
                  style={{ '--start': hour.startMinute, '--length': hour.minutes } as CSSProperties}
                  onClick={() => setOpenKey(hour.key)}
                >
                  {/* The name is the visible text after the day, which only a screen reader needs (the column says it). */}
                  <span className={styles.time}>
                    <span className="visually-hidden">{title}, </span>
                    {hour.time}
                  </span>
                  <span className={styles.what}>{hour.label}</span>
                  <span className={styles.kind}>
                    {hour.weekly && <span aria-hidden="true">↻</span>}
                    {hour.weekly ? 'Weekly' : 'One-off'}
                  </span>
                </button>
              ))}
            </div>
          </section>
        ))}
      </div>
      <Modal open={open !== undefined} onClose={() => setOpenKey(null)} title={open && openDay ? `${openDay.title}, ${open.time}` : ''} secondary={[{ label: 'Close', onClick: () => setOpenKey(null) }]}>
        {open && <div className={styles.card}>{renderMeeting(open.item, reload)}</div>}
      </Modal>
    </>
  );
}
