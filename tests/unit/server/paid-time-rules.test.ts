import { describe, expect, it } from 'vitest';
import { approvalEffect, approvalRefusal, durationChangeEffect, paidMinutes } from '../../../server/domain/pay/paid-time-rules.ts';

/** Paid time a supervisor approves (decision 022): the rules without a database. */

const tutor = { role: 'Tutor' as const, own: true };
const supervisor = { role: 'Supervisor' as const, own: false };
const supervisorOwn = { role: 'Supervisor' as const, own: true };
const booked = { durationMins: 60, paidMins: null, awaiting: false };

describe('paid time', () => {
  it('pays the duration nobody changed, else the approved minutes', () => {
    expect(paidMinutes({ durationMins: 60, paidMins: null })).toBe(60);
    expect(paidMinutes({ durationMins: 90, paidMins: null })).toBe(90);
    expect(paidMinutes({ durationMins: 75, paidMins: 60 })).toBe(60);
    expect(paidMinutes({ durationMins: 75, paidMins: 0 })).toBe(0);
  });

  it('keeps a tutor\'s change, up or down, awaiting approval at the minutes approved so far', () => {
    expect(durationChangeEffect(tutor, booked, 75)).toEqual({ paidMins: 60, awaiting: true, kind: 'requested' });
    expect(durationChangeEffect(tutor, booked, 180)).toEqual({ paidMins: 60, awaiting: true, kind: 'requested' });
    expect(durationChangeEffect(tutor, booked, 45)).toEqual({ paidMins: 60, awaiting: true, kind: 'requested' });
    // Changed again while awaiting: still the approved 60.
    expect(durationChangeEffect(tutor, { durationMins: 75, paidMins: 60, awaiting: true }, 90)).toEqual({ paidMins: 60, awaiting: true, kind: 'requested' });
    // After an approval of 75, a new change keeps 75 paid until approved.
    expect(durationChangeEffect(tutor, { durationMins: 75, paidMins: 75, awaiting: false }, 90)).toEqual({ paidMins: 75, awaiting: true, kind: 'requested' });
    // Back to the minutes approved: nothing awaits.
    expect(durationChangeEffect(tutor, { durationMins: 75, paidMins: 60, awaiting: true }, 60)).toEqual({ paidMins: 60, awaiting: false, kind: 'requested' });
    // The same duration again: no change at all.
    expect(durationChangeEffect(tutor, { durationMins: 75, paidMins: 60, awaiting: true }, 75)).toBeNull();
  });

  it('takes a supervisor\'s change of another tutor\'s session as approved, and their own as any tutor\'s', () => {
    expect(durationChangeEffect(supervisor, booked, 80)).toEqual({ paidMins: 80, awaiting: false, kind: 'set' });
    expect(durationChangeEffect(supervisor, { durationMins: 75, paidMins: 60, awaiting: true }, 70)).toEqual({ paidMins: 70, awaiting: false, kind: 'set' });
    expect(durationChangeEffect(supervisorOwn, booked, 80)).toEqual({ paidMins: 60, awaiting: true, kind: 'requested' });
  });

  it('lets only another supervisor approve, once the session has started', () => {
    const started = { startMs: 1_000 };
    expect(approvalRefusal(supervisor, started, 2_000)).toBeNull();
    expect(approvalRefusal({ role: 'Tutor', own: false }, started, 2_000)).toBe('NotAuthorized');
    expect(approvalRefusal(tutor, started, 2_000)).toBe('NotAuthorized');
    expect(approvalRefusal(supervisorOwn, started, 2_000)).toBe('CannotApproveOwnDuration');
    expect(approvalRefusal(supervisor, { startMs: 3_000 }, 2_000)).toBe('MeetingNotStarted');
  });

  it('approves the entered duration, or the minutes a supervisor edits it to', () => {
    const awaiting = { durationMins: 75, paidMins: 60, awaiting: true };
    expect(approvalEffect(awaiting, undefined)).toEqual({ paidMins: 75, kind: 'approved' });
    expect(approvalEffect(awaiting, 75)).toEqual({ paidMins: 75, kind: 'approved' });
    expect(approvalEffect(awaiting, 70)).toEqual({ paidMins: 70, kind: 'edited' });
    expect(approvalEffect(awaiting, 60)).toEqual({ paidMins: 60, kind: 'edited' });
    // Nothing awaiting: approving changes nothing; an edit to other minutes is one.
    expect(approvalEffect({ durationMins: 75, paidMins: 75, awaiting: false }, undefined)).toBeNull();
    expect(approvalEffect({ durationMins: 75, paidMins: 75, awaiting: false }, 75)).toBeNull();
    expect(approvalEffect(booked, 60)).toBeNull();
    expect(approvalEffect({ durationMins: 75, paidMins: 75, awaiting: false }, 70)).toEqual({ paidMins: 70, kind: 'edited' });
  });
});
