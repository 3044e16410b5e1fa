import type { SchoolId } from '../../config/site.ts';
import type { BookableMeeting, BookableSlot, BookingCapacity, CourseStyle, Frequency, Id, Offering } from '../../contract/entities.ts';

/**
 * The booking flow as an explicit step machine (spec 1 §4): selection → appointment list →
 * finalize → paid. Back returns one step. Changing what is booked clears the chosen appointment.
 */
export type Step = 'select' | 'list' | 'finalize' | 'paid';

export interface Selection {
  school: SchoolId;
  courseId: string | null;
  capacity: BookingCapacity | null;
  frequency: Frequency | null;
  style: CourseStyle | null;
}

/** One bookable choice: a one-off meeting, or a weekly slot starting with its first meeting. */
export interface Appointment {
  key: string;
  frequency: Frequency;
  meetingId: Id;
  slotId: Id | null;
  startEpoch: number;
  durationMins: number;
  offering: Offering;
}

export interface BookingState {
  step: Step;
  selection: Selection;
  appointment: Appointment | null;
  /** Counts arrivals at the list, so each arrival asks for fresh availability (a seat may have gone). */
  listVisits: number;
}

export type BookingEvent =
  | { type: 'choose'; changes: Partial<Selection> }
  | { type: 'continue' }
  | { type: 'book'; appointment: Appointment }
  | { type: 'back' }
  | { type: 'paid' };

export const initialBooking = (school: SchoolId = 'university'): BookingState => ({
  step: 'select',
  selection: { school, courseId: null, capacity: null, frequency: null, style: null },
  appointment: null,
  listVisits: 0,
});

export type CompleteSelection = Selection & { courseId: string; capacity: BookingCapacity; frequency: Frequency; style: CourseStyle };

/** Everything step 1 needs before availability can be asked for. */
export function isComplete(selection: Selection): selection is CompleteSelection {
  return selection.courseId !== null && selection.capacity !== null && selection.frequency !== null && selection.style !== null;
}

export function bookingReducer(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'choose': {
      const selection = { ...state.selection, ...event.changes };
      // A course belongs to one school: switching schools clears it.
      if (event.changes.school && event.changes.school !== state.selection.school && !('courseId' in event.changes)) selection.courseId = null;
      return { ...state, step: 'select', selection, appointment: null };
    }
    case 'continue':
      return state.step === 'select' && isComplete(state.selection) ? { ...state, step: 'list', listVisits: state.listVisits + 1 } : state;
    case 'book':
      return state.step === 'list' ? { ...state, step: 'finalize', appointment: event.appointment } : state;
    case 'back':
      if (state.step === 'finalize') return { ...state, step: 'list', appointment: null, listVisits: state.listVisits + 1 };
      if (state.step === 'list') return { ...state, step: 'select' };
      return state;
    case 'paid':
      return state.step === 'finalize' ? { ...state, step: 'paid' } : state;
  }
}

/** The appointments of an availability answer, sorted by start time. */
export function toAppointments(frequency: Frequency, data: BookableMeeting[] | BookableSlot[]): Appointment[] {
  const list: Appointment[] =
    frequency === 'weekly'
      ? (data as BookableSlot[])
          .filter((slot) => slot.meetings.length > 0)
          .map((slot) => ({
            key: `slot-${slot.slot.id}`,
            frequency,
            meetingId: slot.meetings[0]!.id,
            slotId: slot.slot.id,
            startEpoch: slot.meetings[0]!.occurrence_epoch,
            durationMins: slot.meetings[0]!.duration_mins,
            offering: slot.offering,
          }))
      : (data as BookableMeeting[]).map((meeting) => ({
          key: `meeting-${meeting.id}`,
          frequency,
          meetingId: meeting.id,
          slotId: null,
          startEpoch: meeting.occurrence_epoch,
          durationMins: meeting.duration_mins,
          offering: meeting.offering,
        }));
  return list.sort((a, b) => a.startEpoch - b.startEpoch);
}
