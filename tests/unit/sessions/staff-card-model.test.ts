import { describe, expect, it } from 'vitest';
import type { Meeting, Payment } from '../../../src/contract/entities.ts';
import { canRefund, type StaffCardInput, staffCard } from '../../../src/features/sessions/staff-card-model.ts';
import { alex, HOUR, meeting, openSlot, payment, sam } from '../tutor/fixtures.ts';

/** The viewer's moment: every meeting below starts some hours from it. */
const NOW_MS = Date.UTC(2026, 10, 16, 18, 0);
const at = (hoursFromNow: number) => ({ occurrence_epoch: NOW_MS / 1000 + Math.round(hoursFromNow * HOUR) });

const booked = (hoursFromNow: number, payments: Partial<Payment>[] = [{}], extra: Partial<Meeting> = {}) => {
  const m = meeting(0, { ...at(hoursFromNow), ...extra });
  return { meeting: m, payments: payments.map((p) => payment(m, p)) };
};
const unbooked = (hoursFromNow: number, extra: Partial<Meeting> = {}) => ({ meeting: openSlot(0, { ...at(hoursFromNow), ...extra }), payments: [] });

const card = (data: Pick<StaffCardInput, 'meeting' | 'payments'>, viewer: Partial<StaffCardInput> = {}) =>
  staffCard({ nowMs: NOW_MS, supervisor: false, viewingOther: false, forceFooter: false, ...data, ...viewer });
const labels = (model: ReturnType<typeof staffCard>) => model.footer?.actions.map((action) => action.label);

describe('the staff card of a booked session ahead', () => {
  it('offers a tutor Cancel Meeting and Reschedule/Edit Duration, and the calendar link', () => {
    const model = card(booked(24));
    expect(model.booked).toBe(true);
    expect(model.upcoming).toBe(true);
    expect(model.footer).toEqual({
      actions: [
        { dialog: 'cancel', label: 'Cancel Meeting' },
        { dialog: 'edit', label: 'Reschedule/Edit Duration' },
      ],
      calendar: true,
    });
  });

  it('offers a supervisor Re-assign… as well, after the reschedule', () => {
    expect(card(booked(24), { supervisor: true }).footer?.actions.map((action) => action.dialog)).toEqual(['cancel', 'edit', 'reassign']);
    expect(labels(card(booked(24), { supervisor: true }))).toEqual(['Cancel Meeting', 'Reschedule/Edit Duration', 'Re-assign…']);
  });

  it('has no calendar link while its booking is not paid yet', () => {
    expect(card(booked(24, [{ payment_status: 'requires_payment_method' }])).footer?.calendar).toBe(false);
  });
});

describe('the staff card of a session that has started', () => {
  it('keeps only the calendar link for a tutor while it runs, and no footer once it has ended', () => {
    expect(card(booked(-0.5)).footer).toEqual({ actions: [], calendar: true });
    expect(card(booked(-2)).footer).toBeNull();
  });

  it('lets a supervisor cancel it with a refund and reschedule it, but not re-assign it', () => {
    const model = card(booked(-2), { supervisor: true });
    expect(model.upcoming).toBe(false);
    expect(model.footer?.actions).toEqual([
      { dialog: 'late-cancel', label: 'Cancel and Refund' },
      { dialog: 'edit', label: 'Reschedule/Edit Duration' },
    ]);
  });

  it('shows the work history footer to a tutor when asked: Cancel Meeting and Reschedule/Edit Duration', () => {
    expect(labels(card(booked(-2), { forceFooter: true }))).toEqual(['Cancel Meeting', 'Reschedule/Edit Duration']);
    expect(labels(card(unbooked(-2), { forceFooter: true }))).toEqual(['Reschedule/Edit Duration']);
  });
});

describe('the staff card of an unbooked hour', () => {
  it('offers Reschedule/Edit Duration and Delete for a one-off hour ahead, without a calendar link', () => {
    const model = card(unbooked(24));
    expect(model.booked).toBe(false);
    expect(model.footer).toEqual({
      actions: [
        { dialog: 'edit', label: 'Reschedule/Edit Duration' },
        { dialog: 'delete', label: 'Delete' },
      ],
      calendar: false,
    });
  });

  it('offers a week of a weekly series Remove this week and End series…', () => {
    expect(labels(card(unbooked(24, { slot: { id: 5 } })))).toEqual(['Reschedule/Edit Duration', 'Remove this week', 'End series…']);
  });

  it('is not taken back while a seat is held (a checkout in progress)', () => {
    expect(labels(card(unbooked(24, { reservations_taken: 1 })))).toEqual(['Reschedule/Edit Duration']);
  });

  it('offers a supervisor neither Re-assign… nor Cancel and Refund', () => {
    expect(labels(card(unbooked(24), { supervisor: true }))).toEqual(['Reschedule/Edit Duration', 'Delete']);
    expect(card(unbooked(-2), { supervisor: true }).footer).toBeNull();
  });
});

describe('the attendees of a staff card', () => {
  it('folds a customer whose every payment was canceled under the earlier bookings: the slot reads as unbooked', () => {
    const model = card(booked(24, [{ customer: alex, payment_status: 'canceled' }]));
    expect(model.attending).toEqual([]);
    expect(model.earlier.map((a) => a.customer.firstname)).toEqual(['Alex']);
    expect(model.booked).toBe(false);
    expect(labels(model)).toEqual(['Reschedule/Edit Duration']);
  });

  it('keeps the customers who still attend, each once', () => {
    const model = card(booked(24, [{ customer: alex }, { customer: alex, is_incremental: true, minutes_paid: 30 }, { customer: sam, payment_status: 'canceled' }]));
    expect(model.attending.map((a) => [a.customer.firstname, a.payments.length])).toEqual([['Alex', 2]]);
    expect(model.earlier.map((a) => a.customer.firstname)).toEqual(['Sam']);
  });
});

describe('what a supervisor may do beyond a tutor', () => {
  it('refunds an overtime charge that went through, and nothing else', () => {
    const m = meeting(0, at(-2));
    const overtime = payment(m, { is_incremental: true, minutes_paid: 30 });
    expect(canRefund(overtime, true)).toBe(true);
    expect(canRefund(overtime, false)).toBe(false);
    expect(canRefund(payment(m), true)).toBe(false);
    expect(canRefund(payment(m, { is_incremental: true, payment_status: 'canceled' }), true)).toBe(false);
  });

  it("approves a changed paid time only in another tutor's dashboard", () => {
    expect(card(booked(-2), { supervisor: true, viewingOther: true }).approvePaidTime).toBe(true);
    expect(card(booked(-2), { supervisor: true }).approvePaidTime).toBe(false);
    expect(card(booked(-2), { viewingOther: true }).approvePaidTime).toBe(false);
  });
});
