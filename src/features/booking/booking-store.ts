import { atom } from 'nanostores';
import { type BookingEvent, bookingReducer, initialBooking } from './booking-machine.ts';

/** The booking flow's state, shared by its steps. */
export const $booking = atom(initialBooking());

export function resetBooking(): void {
  $booking.set(initialBooking());
}

export function dispatchBooking(event: BookingEvent): void {
  $booking.set(bookingReducer($booking.get(), event));
}

/**
 * Payment secrets already created, by customer and appointment: a retry after a declined card
 * confirms the same intent instead of creating another (spec 1 §4).
 */
export const intentSecrets = new Map<string, string>();
