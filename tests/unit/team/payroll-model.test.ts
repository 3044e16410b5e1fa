import type { Payroll } from '../../../src/contract/entities.ts';
import { payrollSessionsCsv, payrollTutorsCsv } from '../../../src/features/team/payroll-model.ts';

const payroll: Payroll = {
  first_day: '2026-11-23',
  last_day: '2026-12-06',
  paid: null,
  over: true,
  tutors: [{ tutor_id: 2, name: 'Jordan Alvarez', confirmed_minutes: 150, cents: 8125, unrated_minutes: 0, rate_cents: 3250, held_back: 1, held_back_minutes: 60, awaiting_approval: 0 }],
  sessions: [
    // 9:30 AM in Los Angeles on Dec 1 (17:30 UTC), 90 minutes with overtime.
    { meeting_id: 7, tutor_id: 2, occurrence_epoch: Date.UTC(2026, 11, 1, 17, 30) / 1000, minutes: 90, course_number: 'CS 121', rate_cents: 3250, cents: 4875, carried_over: false, adjustment: false, awaiting_approval: false },
    { meeting_id: 3, tutor_id: 2, occurrence_epoch: Date.UTC(2026, 10, 20, 2, 0) / 1000, minutes: 60, course_number: 'MATH 124', rate_cents: 3250, cents: 3250, carried_over: true, adjustment: false, awaiting_approval: false },
  ],
  awaiting: [],
  total_cents: 8125,
};

describe('payroll CSV files', () => {
  it('has one row per tutor with hours, sessions held back, rate and pay in dollars', () => {
    expect(payrollTutorsCsv(payroll)).toBe(
      'period_first_day,period_last_day,tutor,confirmed_hours,sessions_held_back,hourly_rate,pay\r\n2026-11-23,2026-12-06,Jordan Alvarez,2.5,1,32.50,81.25\r\n',
    );
  });

  it('has one row per session, its start in the site\'s zone', () => {
    expect(payrollSessionsCsv(payroll, 'America/Los_Angeles').split('\r\n')).toEqual([
      'period_first_day,tutor,session_start,course,minutes,hourly_rate,pay,carried_over',
      '2026-11-23,Jordan Alvarez,2026-12-01 09:30,CS 121,90,32.50,48.75,no',
      '2026-11-23,Jordan Alvarez,2026-11-19 18:00,MATH 124,60,32.50,32.50,yes',
      '',
    ]);
  });
});
