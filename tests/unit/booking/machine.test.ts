import { describe, expect, it } from 'vitest';
import type { BookableMeeting, BookableSlot, Offering } from '../../../src/contract/entities.ts';
import { type Appointment, bookingReducer, initialBooking, isComplete, toAppointments } from '../../../src/features/booking/booking-machine.ts';
import { cleanContact, contactError } from '../../../src/features/booking/contact-validation.ts';
import { fullyBookedMessage } from '../../../src/features/booking/StepSelect.tsx';
import { appointmentPrice } from '../../../src/features/booking/AppointmentCard.tsx';

const offering: Offering = {
  id: 4,
  qualification: 'A in CS 121',
  archived: false,
  course: { id: 1, course_number: 'CS 121', course_name: 'Intro', school: 'university' },
  tutor: { id: 2, name: 'Jordan', background: 'bio', role: 'Tutor' },
};
const appointment: Appointment = { key: 'meeting-9', frequency: 'onetime', meetingId: 9, slotId: null, startEpoch: 100, durationMins: 60, offering };
const complete = { courseId: '1', capacity: 1 as const, frequency: 'onetime' as const, style: 'online' as const };

describe('booking step machine', () => {
  it('starts at the selection with the university chosen', () => {
    expect(initialBooking()).toEqual({ step: 'select', selection: { school: 'university', courseId: null, capacity: null, frequency: null, style: null }, appointment: null, listVisits: 0 });
  });

  it('continues to the list only once course, size, frequency and place are chosen', () => {
    let state = bookingReducer(initialBooking(), { type: 'choose', changes: { courseId: '1', capacity: 1, frequency: 'weekly' } });
    expect(isComplete(state.selection)).toBe(false);
    expect(bookingReducer(state, { type: 'continue' }).step).toBe('select');
    state = bookingReducer(state, { type: 'choose', changes: { style: 'in-person' } });
    expect(bookingReducer(state, { type: 'continue' }).step).toBe('list');
  });

  it('books from the list, goes back one step at a time, and forgets the appointment on the way back', () => {
    let state = bookingReducer(bookingReducer(initialBooking(), { type: 'choose', changes: complete }), { type: 'continue' });
    expect(bookingReducer(state, { type: 'paid' }).step).toBe('list');
    state = bookingReducer(state, { type: 'book', appointment });
    expect(state).toMatchObject({ step: 'finalize', appointment });
    state = bookingReducer(state, { type: 'back' });
    expect(state).toMatchObject({ step: 'list', appointment: null, listVisits: 2 });
    expect(bookingReducer(state, { type: 'back' }).step).toBe('select');
    expect(bookingReducer(initialBooking(), { type: 'back' }).step).toBe('select');
  });

  it('ends paid only from finalize', () => {
    let state = bookingReducer(bookingReducer(initialBooking(), { type: 'choose', changes: complete }), { type: 'continue' });
    state = bookingReducer(bookingReducer(state, { type: 'book', appointment }), { type: 'paid' });
    expect(state.step).toBe('paid');
    expect(bookingReducer(state, { type: 'back' }).step).toBe('paid');
  });

  it('returns to the selection and clears the appointment when a choice changes', () => {
    let state = bookingReducer(bookingReducer(initialBooking(), { type: 'choose', changes: complete }), { type: 'continue' });
    state = bookingReducer(state, { type: 'book', appointment });
    state = bookingReducer(state, { type: 'choose', changes: { capacity: 2 } });
    expect(state).toMatchObject({ step: 'select', appointment: null, selection: { capacity: 2 } });
  });

  it('clears the course when the school changes', () => {
    const state = bookingReducer(bookingReducer(initialBooking(), { type: 'choose', changes: complete }), { type: 'choose', changes: { school: 'highschool' } });
    expect(state.selection.courseId).toBeNull();
    expect(state.selection.capacity).toBe(1);
  });
});

describe('appointments', () => {
  const meeting = (id: number, epoch: number): BookableMeeting => ({ id, occurrence_epoch: epoch, duration_mins: 60, offering });

  it('sorts one-off meetings by start time', () => {
    const list = toAppointments('onetime', [meeting(1, 300), meeting(2, 100), meeting(3, 200)]);
    expect(list.map((a) => a.meetingId)).toEqual([2, 3, 1]);
    expect(list[0]).toMatchObject({ key: 'meeting-2', slotId: null, frequency: 'onetime' });
  });

  it('turns weekly slots into appointments that start with their first meeting', () => {
    const slots: BookableSlot[] = [
      { slot: { id: 7, anchor_epoch: 0, duration_mins: 60 }, meetings: [meeting(20, 500), meeting(21, 1100)], offering },
      { slot: { id: 8, anchor_epoch: 0, duration_mins: 60 }, meetings: [meeting(30, 400)], offering },
      { slot: { id: 9, anchor_epoch: 0, duration_mins: 60 }, meetings: [], offering },
    ];
    expect(toAppointments('weekly', slots).map((a) => [a.slotId, a.meetingId, a.startEpoch])).toEqual([
      [8, 30, 400],
      [7, 20, 500],
    ]);
  });
});

describe('contact form validation (spec 1 §5)', () => {
  const good = { firstname: 'Nia', lastname: 'Park', email: 'nia@example.com', phone: '(206) 555-0123' };

  it('asks for every field first', () => {
    expect(contactError({ ...good, lastname: ' ' })).toBe('Please fill in all fields');
    expect(contactError({ ...good, phone: '', email: 'bad' })).toBe('Please fill in all fields');
  });

  it('then checks the phone, then the email', () => {
    expect(contactError({ ...good, phone: '555-0123', email: 'bad' })).toBe('Invalid phone number');
    expect(contactError({ ...good, email: 'nia@ex' })).toBe('Invalid email address');
    expect(contactError(good)).toBeNull();
  });

  it('cleans the fields for sending', () => {
    expect(cleanContact({ ...good, email: ' Nia@Example.com ', firstname: ' Nia ' })).toEqual({ firstname: 'Nia', lastname: 'Park', email: 'nia@example.com', phone: '2065550123' });
  });
});

describe('booking texts', () => {
  it('words the fully-booked message with the course, size and phone', () => {
    expect(fullyBookedMessage('CS 121', 1)).toBe(
      'All tutors for CS 121 are fully booked for one-on-one meetings or weekly subscriptions. Please check back tomorrow or dial/text (206) 555-0142',
    );
    expect(fullyBookedMessage('MATH 124', 2)).toContain('group-of-two meetings');
  });

  it('prices an appointment by frequency and size', () => {
    const prices = { subscription: { 1: 4500, 2: 3000 }, onetime: { 1: 5500, 2: 3500 } };
    expect(appointmentPrice(appointment, 1, prices)).toBe('$55');
    expect(appointmentPrice({ ...appointment, frequency: 'weekly' }, 2, prices)).toBe('$30/wk');
  });
});
