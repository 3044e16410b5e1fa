import { site } from '../../src/config/site.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The end (23:59:59 UTC) of the semester's last reading day: weekly slots repeat until then. */
export function semesterEnd(lastReadingDay: string = site.semesterLastReadingDay): Date {
  const end = new Date(`${lastReadingDay}T23:59:59Z`);
  if (Number.isNaN(end.getTime())) throw new Error(`Bad semester last reading day: ${lastReadingDay}`);
  return end;
}

/** The start times of a weekly slot: the anchor, then every 7 days up to and including `lastDay`. */
export function weeklyOccurrences(anchor: Date, lastDay: Date): Date[] {
  const occurrences: Date[] = [];
  for (let t = anchor.getTime(); t <= lastDay.getTime(); t += WEEK_MS) occurrences.push(new Date(t));
  return occurrences;
}
