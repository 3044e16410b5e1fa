import { formatLongDate } from '../../lib/time-format.ts';
import type { Appointment } from './booking-machine.ts';

export interface DateGroup {
  /** The day in the viewer's zone, as its heading reads ('Tuesday, November 24, 2026'). */
  date: string;
  appointments: Appointment[];
}

/**
 * Step 2's appointments by the day they start (a weekly one by its first meeting), in the order
 * given (earliest first; a day's appointments stay together), so each day is a heading with its appointments under it.
 */
export function groupByDate(appointments: Appointment[], dateOf: (epoch: number) => string = formatLongDate): DateGroup[] {
  const groups = new Map<string, DateGroup>();
  for (const appointment of appointments) {
    const date = dateOf(appointment.startEpoch);
    const group = groups.get(date) ?? { date, appointments: [] };
    group.appointments.push(appointment);
    groups.set(date, group);
  }
  return [...groups.values()];
}

/** The keys of the appointments where each tutor first appears: the list shows a tutor's bio there only. */
export function firstOfEachTutor(appointments: Appointment[]): Set<string> {
  const seen = new Set<string>();
  const first = new Set<string>();
  for (const appointment of appointments) {
    const tutor = String(appointment.offering.tutor.id);
    if (seen.has(tutor)) continue;
    seen.add(tutor);
    first.add(appointment.key);
  }
  return first;
}
