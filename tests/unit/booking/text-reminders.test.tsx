import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Customer, Prices } from '../../../src/contract/entities.ts';
import type { Appointment } from '../../../src/features/booking/booking-machine.ts';
import { oneTime, selection, weekly } from './step3-fixtures.ts';
import { intentSecrets } from '../../../src/features/booking/booking-store.ts';
import StepFinalize from '../../../src/features/booking/StepFinalize.tsx';
import { fakeApi, success } from '../fake-api.ts';

const BOX = { name: 'Text me reminders before each session' } as const;

const prices: Prices = { subscription: { '1': 4500, '2': 3500 }, onetime: { '1': 5500, '2': 4500 } };

let customerIds = 50;
/** A signed-in customer with a card on file: the server charges it, so no card step follows. */
function signedInCustomer(): Customer {
  return { id: customerIds++, firstname: 'Alex', lastname: 'Rivera', email: 'alex@example.com', phone: '2065550199', credits: 0, payment_method: 'Visa ending in 4242' };
}

function bookingApi(customer: Customer) {
  const paid = { status: 201, body: { status: 'success', data: { client_secret: 'pi_1_secret', payment_id: 77, amount_cents: 5500, status: 'succeeded' } } };
  return fakeApi({
    'GET /api/customers/myself': () => success(customer),
    'POST /api/payments': () => paid,
    'POST /api/subscriptions': () => paid,
  });
}

async function renderStep(appointment: Appointment) {
  const onBooked = vi.fn();
  render(<StepFinalize appointment={appointment} selection={{ ...selection, frequency: appointment.frequency }} prices={prices} onBooked={onBooked} loginDialog={() => null} />);
  // The Pay button works once the customer is known and Stripe (the offline stand-in) is ready.
  await screen.findByText(/Booking as/);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).not.toHaveAttribute('aria-disabled'));
  return onBooked;
}

describe("Step 3's reminder texts box", () => {
  it('is checked by default and sends text_reminders=true with the one-time payment', async () => {
    intentSecrets.clear();
    const user = userEvent.setup();
    const seen = bookingApi(signedInCustomer());
    const onBooked = await renderStep(oneTime);
    expect(screen.getByRole('checkbox', BOX)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    // Paid: the booked screen stays until the student moves on to the sessions list.
    await user.click(await screen.findByRole('button', { name: 'See your sessions' }, { timeout: 2000 }));
    expect(onBooked).toHaveBeenCalled();
    const payment = seen.find((r) => r.method === 'POST' && r.path === '/api/payments');
    expect(payment?.form).toEqual({ meeting: '9', offering: '4', capacity: '1', course_style: 'online', text_reminders: 'true' });
  });

  it('sends text_reminders=false with the weekly subscription once unticked', async () => {
    intentSecrets.clear();
    const user = userEvent.setup();
    const seen = bookingApi(signedInCustomer());
    const onBooked = await renderStep(weekly);
    const box = screen.getByRole('checkbox', BOX);
    await user.click(box);
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    // Paid: the booked screen stays until the student moves on to the sessions list.
    await user.click(await screen.findByRole('button', { name: 'See your sessions' }, { timeout: 2000 }));
    expect(onBooked).toHaveBeenCalled();
    const subscription = seen.find((r) => r.method === 'POST' && r.path === '/api/subscriptions');
    expect(subscription?.form).toMatchObject({ slot: '3', meeting: '10', text_reminders: 'false' });
    expect(seen.some((r) => r.path === '/api/payments')).toBe(false);
  });

  it('can be toggled with the keyboard', async () => {
    const user = userEvent.setup();
    bookingApi(signedInCustomer());
    await renderStep(oneTime);
    const box = screen.getByRole('checkbox', BOX);
    box.focus();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    await user.keyboard(' ');
    expect(box).toBeChecked();
  });
});
