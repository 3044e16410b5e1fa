import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Customer, HourPackage, Prices } from '../../../src/contract/entities.ts';
import { oneTime, selection } from './step3-fixtures.ts';
import StepFinalize from '../../../src/features/booking/StepFinalize.tsx';
import { failure, fakeApi, success } from '../fake-api.ts';

const prices: Prices = { subscription: { '1': 4500, '2': 3500 }, onetime: { '1': 6000, '2': 4500 } };
const customer: Customer = { id: 60, firstname: 'Alex', lastname: 'Rivera', email: 'alex@example.com', phone: '2065550199', credits: 0, payment_method: 'Visa ending in 4242' };
const packages: HourPackage[] = [
  { id: 1, name: '10 one-on-one hours', hours: 10, bonus_hours: 0, capacity: 1, price_cents: 50000, valid_days: 180 },
  { id: 2, name: '10 group-of-two hours', hours: 10, bonus_hours: 0, capacity: 2, price_cents: 35000, valid_days: 180 },
  // Dearer by the hour than a single session: never offered.
  { id: 3, name: 'Two hours', hours: 2, bonus_hours: 0, capacity: 1, price_cents: 13000, valid_days: 30 },
];
const balance = (hours: number) => ({ total: hours, balance: [{ capacity: 1, hours }, { capacity: 2, hours: 0 }], lots: [], entries: [] });

function api({ card }: { card: 'good' | 'declined' }) {
  let bought = false;
  return fakeApi({
    'GET /api/customers/myself': () => success(customer),
    'GET /api/customers/myself/credits': () => success(balance(bought ? 10 : 0)),
    'GET /api/packages': () => success(packages),
    'POST /api/package-purchases': () => ({ status: 201, body: { status: 'success', data: { client_secret: 'pi_pkg_secret', payment_id: 90, amount_cents: 50000, status: 'requires_payment_method' } } }),
    'POST /api/offline-payments/confirm': () => {
      if (card === 'declined') return failure('CardDeclined', 402, { code: 'card_declined', message: 'Your card was declined.' });
      bought = true;
      return success({ id: 'pi_pkg', status: 'succeeded' });
    },
    'POST /api/payments': () => ({ status: 201, body: { status: 'success', data: { paid_with: 'credits', payment_id: 91, credits_left: 9 } } }),
  });
}

async function renderStep() {
  const onBooked = vi.fn();
  render(<StepFinalize appointment={oneTime} selection={selection} prices={prices} onBooked={onBooked} loginDialog={() => null} />);
  await screen.findByText(/Booking as/);
  return onBooked;
}

describe("Step 3's hour package offer", () => {
  it('offers the package of the session’s size cheapest by the hour, buys it with a typed card and books the session with one of its hours', async () => {
    const user = userEvent.setup();
    const seen = api({ card: 'good' });
    const onBooked = await renderStep();
    const offer = within(await screen.findByRole('region', { name: 'Save with an hour package' }));
    expect(offer.getByText(/10 one-on-one hours · \$500 · \$50 an hour · book them within 180 days\. Save \$10 an hour against a single session \(\$60\)\./)).toBeInTheDocument();
    // The card on file pays sessions, so the step has no card field: the offer opens its own.
    expect(offer.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(offer.getByRole('button', { name: 'Buy 10 hours with a card…' }));
    await user.type(offer.getByLabelText('Card number'), '4242424242424242');
    await user.click(offer.getByRole('button', { name: 'Buy for $500 and book with an hour' }));
    await user.click(await screen.findByRole('button', { name: 'See your sessions' }, { timeout: 3000 }));
    expect(onBooked).toHaveBeenCalled();
    expect(seen.find((r) => r.path === '/api/package-purchases')?.form).toEqual({ package: '1' });
    expect(seen.find((r) => r.path === '/api/offline-payments/confirm')?.form).toMatchObject({ client_secret: 'pi_pkg_secret', card_number: '4242424242424242' });
    expect(seen.find((r) => r.method === 'POST' && r.path === '/api/payments')?.form).toMatchObject({ meeting: '9', pay_with: 'credits' });
  });

  it('says a declined card, and books nothing', async () => {
    const user = userEvent.setup();
    const seen = api({ card: 'declined' });
    await renderStep();
    const offer = within(await screen.findByRole('region', { name: 'Save with an hour package' }));
    await user.click(offer.getByRole('button', { name: 'Buy 10 hours with a card…' }));
    await user.type(offer.getByLabelText('Card number'), '4000000000000002');
    await user.click(offer.getByRole('button', { name: 'Buy for $500 and book with an hour' }));
    expect(await offer.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path === '/api/payments')).toBe(false));
  });
});
