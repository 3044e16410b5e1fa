import { useEffect, useState } from 'react';
import { getMeetings, getSlots } from '../../api/booking.ts';
import type { BookingCapacity, CourseStyle } from '../../contract/entities.ts';
import { type Appointment, type CompleteSelection, isComplete, type Selection, toAppointments } from './booking-machine.ts';
import { errorMessage } from '../../lib/error-messages.ts';

export type Availability =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; appointments: Appointment[] }
  | { status: 'error'; message: string };

/** The appointments open for a complete selection. */
async function loadAppointments(selection: CompleteSelection): Promise<Availability> {
  const query = { course: selection.courseId, capacity: selection.capacity, course_style: selection.style };
  const frequency = selection.frequency;
  const result = await (frequency === 'weekly' ? getSlots(query) : getMeetings(query));
  return result.status === 'success'
    ? { status: 'ready', appointments: toAppointments(frequency, result.data) }
    : { status: 'error', message: result.status === 'network-error' ? 'Cannot contact server' : errorMessage(result.error, 'findTutors') };
}

const selectionKey = (selection: CompleteSelection) => `${selection.courseId}|${selection.capacity}|${selection.frequency}|${selection.style}`;

/** Fetches the appointments for a complete selection, again whenever course, size, frequency or place change, or `refresh` does. */
export function useAvailability(selection: Selection, refresh = 0): Availability {
  const [state, setState] = useState<{ key: string; availability: Availability }>({ key: '', availability: { status: 'idle' } });
  const key = isComplete(selection) ? `${selectionKey(selection)}|${refresh}` : '';

  useEffect(() => {
    if (!key || !isComplete(selection)) return;
    let current = true;
    void loadAppointments(selection).then((availability) => current && setState({ key, availability }));
    return () => {
      current = false;
    };
    // The key names everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!key) return { status: 'idle' };
  return state.key === key ? state.availability : { status: 'loading' };
}

/** The other size and the other place of a fully booked selection, when they have openings. */
export interface OtherOpenings {
  capacity?: BookingCapacity;
  style?: CourseStyle;
}

/**
 * Asks, while `fullyBooked` holds, whether the other size (same place) or the other place (same
 * size) has an opening, so the fully booked notice can suggest them.
 */
export function useOtherOpenings(selection: Selection, fullyBooked: boolean): OtherOpenings {
  const [state, setState] = useState<{ key: string; openings: OtherOpenings }>({ key: '', openings: {} });
  const key = fullyBooked && isComplete(selection) ? selectionKey(selection) : '';

  useEffect(() => {
    if (!key || !isComplete(selection)) return;
    let current = true;
    const capacity = selection.capacity === 1 ? 2 : 1;
    const style = selection.style === 'online' ? 'in-person' : 'online';
    const open = (availability: Availability) => availability.status === 'ready' && availability.appointments.length > 0;
    void Promise.all([loadAppointments({ ...selection, capacity }), loadAppointments({ ...selection, style })]).then(([bySize, byPlace]) => {
      if (current) setState({ key, openings: { capacity: open(bySize) ? capacity : undefined, style: open(byPlace) ? style : undefined } });
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state.key === key ? state.openings : {};
}
