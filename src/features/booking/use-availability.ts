import { useEffect, useState } from 'react';
import { getMeetings, getSlots } from '../../api/booking.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { type Appointment, isComplete, type Selection, toAppointments } from './booking-machine.ts';

export type Availability =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; appointments: Appointment[] }
  | { status: 'error'; message: string };

/** Fetches the appointments for a complete selection, again whenever course, size, frequency or place change, or `refresh` does. */
export function useAvailability(selection: Selection, refresh = 0): Availability {
  const [state, setState] = useState<{ key: string; availability: Availability }>({ key: '', availability: { status: 'idle' } });
  const key = isComplete(selection) ? `${selection.courseId}|${selection.capacity}|${selection.frequency}|${selection.style}|${refresh}` : '';

  useEffect(() => {
    if (!key || !isComplete(selection)) return;
    let current = true;
    const query = { course: selection.courseId, capacity: selection.capacity, course_style: selection.style };
    const frequency = selection.frequency;
    const load = frequency === 'weekly' ? getSlots(query) : getMeetings(query);
    void load.then((result) => {
      if (!current) return;
      const availability: Availability =
        result.status === 'success'
          ? { status: 'ready', appointments: toAppointments(frequency, result.data) }
          : { status: 'error', message: result.status === 'network-error' ? 'Cannot contact server' : errorMessage(result.error, 'findTutors') };
      setState({ key, availability });
    });
    return () => {
      current = false;
    };
    // The key names everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!key) return { status: 'idle' };
  return state.key === key ? state.availability : { status: 'loading' };
}
