import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportsScreen } from '../../../src/features/reports/ReportsScreen.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';
import { emptyMonth, november } from './fixtures.ts';

// Wednesday 25 November 2026, noon in Los Angeles: the presets count from it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T20:00:00Z') });
  window.history.replaceState(null, '', '/tutors/myself/dashboard/reports');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const reportFor = (request: { query: Record<string, string> }) => success({ ...november, first_day: request.query.from, last_day: request.query.to });

describe('Reports', () => {
  it('opens on this month, shows each table, and keeps a chosen preset in the address', async () => {
    const seen = fakeApi({ 'GET /api/reports': reportFor });
    const user = userEvent.setup();
    render(<ReportsScreen onDenied={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the reports…');
    const revenue = await screen.findByRole('table', { name: 'Revenue and refunds per week' });
    expect(seen.at(-1)!.query).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(window.location.search).toBe('?period=this-month');
    expect(screen.getByRole('radio', { name: 'This month' })).toBeChecked();

    expect(within(revenue).getByRole('row', { name: /Nov 2 – 8/ })).toHaveTextContent('$1,234.50');
    expect(within(revenue).getByRole('row', { name: /Total/ })).toHaveTextContent('$1,324.50');
    expect(within(screen.getByRole('table', { name: 'Utilisation per week' })).getByRole('row', { name: /Nov 2 – 8/ })).toHaveTextContent('75%');
    expect(within(screen.getByRole('table', { name: 'Sessions by course' })).getByRole('row', { name: /CS 121/ })).toHaveTextContent('6');
    expect(within(screen.getByRole('table', { name: 'New and returning customers' })).getByRole('row', { name: /Returning/ })).toHaveTextContent('3');
    const packages = within(screen.getByRole('table', { name: 'Hour packages in the period' }));
    expect(packages.getByRole('row', { name: /^Sold/ })).toHaveTextContent('Sold (2 purchases)22$820.00');
    expect(packages.getByRole('row', { name: /^Refunded/ })).toHaveTextContent('$350.00');
    expect(packages.getByRole('row', { name: /^Owed at the end/ })).toHaveTextContent('14$410.00');
    const guarantee = within(screen.getByRole('table', { name: 'Pass guarantee claims in the period' }));
    expect(guarantee.getByRole('row', { name: /^Refunded for approved claims/ })).toHaveTextContent('$605.00');
    expect(screen.getByText("Refund rate: 0.8% of 125 guaranteed courses (claims approved up to the period's end).")).toBeInTheDocument();
    // Each chart (its library loads with them) is one picture named by its title, pointing to its table.
    for (const title of ['Charged and refunded per week, in dollars', 'Offered and booked hours per week', 'Booked sessions per course', 'New and returning customers']) {
      expect(await screen.findByRole('img', { name: `${title}: bar chart. The table below lists the same numbers.` })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('list')[0]).toHaveTextContent('Refunded (striped bars)');
    for (const what of ['revenue and refunds', 'booked and offered hours', 'sessions by course', 'new and returning customers']) {
      expect(screen.getByRole('button', { name: `Download CSV: ${what}` })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('radio', { name: 'Last month' }));
    await waitFor(() => expect(seen.at(-1)!.query).toEqual({ from: '2026-10-01', to: '2026-10-31' }));
    expect(window.location.search).toBe('?period=last-month');
    expect(screen.getByText('Thu, Oct 1 – Sat, Oct 31')).toBeInTheDocument();
  });

  it('reads the period from the address, and clears the figures while From is after To', async () => {
    window.history.replaceState(null, '', '/tutors/myself/dashboard/reports?period=custom&from=2026-11-02&to=2026-11-08');
    const seen = fakeApi({ 'GET /api/reports': reportFor });
    const user = userEvent.setup();
    render(<ReportsScreen onDenied={vi.fn()} />);
    await screen.findByRole('table', { name: 'Revenue and refunds per week' });
    expect(seen.map((r) => r.query)).toEqual([{ from: '2026-11-02', to: '2026-11-08' }]);
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-20');
    expect(screen.getByRole('alert')).toHaveTextContent('From must be on or before To.');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(window.location.search).toBe('?period=custom&from=2026-11-20&to=2026-11-08');
    expect(seen).toHaveLength(1);

    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-27');
    expect(await screen.findByRole('table', { name: 'Revenue and refunds per week' })).toBeInTheDocument();
    expect(seen.at(-1)!.query).toEqual({ from: '2026-11-20', to: '2026-11-27' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when nothing happened in the period, and when the report could not load, with a retry', async () => {
    let fail = true;
    fakeApi({ 'GET /api/reports': () => (fail ? 'network-error' : success(emptyMonth)) });
    const user = userEvent.setup();
    render(<ReportsScreen onDenied={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing was offered, booked or paid in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sends a tutor who is not a supervisor away', async () => {
    fakeApi({ 'GET /api/reports': () => failure('NotAuthorized', 403) });
    const denied = vi.fn();
    render(<ReportsScreen onDenied={denied} />);
    await waitFor(() => expect(denied).toHaveBeenCalled());
  });

  it('keeps the loading state while the answer has not come', () => {
    fakeApi({ 'GET /api/reports': never });
    render(<ReportsScreen onDenied={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the reports…');
  });
});
