import { z } from 'zod';
import type { CalendarFeedStatus, NewCalendarFeed, Payroll, PayrollApproval, Report } from '../entities.ts';
import { calendarFeedToken, clientErrorForm, payrollApproveForm, payrollPaidForm, payrollQuery, reportQuery, textOptOutForm } from '../schemas.ts';
import { declare, entity, file, nothing, shape } from './declare.ts';

/** Payroll and reports (supervisors). */
export const payrollCalls = {
  getPayroll: declare({
    method: 'GET',
    path: '/payroll',
    summary: 'The payroll of the pay period holding day (today’s when absent)',
    access: 'supervisor',
    query: payrollQuery,
    answer: entity<Payroll>('Payroll'),
    errors: [],
  }),
  markPayrollPaid: declare({
    method: 'POST',
    path: '/payroll/paid',
    summary: 'Marks a pay period paid, freezing its payroll',
    access: 'supervisor',
    form: payrollPaidForm,
    answer: entity<Payroll>('Payroll'),
    errors: ['PeriodNotOver', 'PeriodAlreadyPaid'],
  }),
  approvePayrollDurations: declare({
    method: 'POST',
    path: '/payroll/approve-durations',
    summary: 'Approves every duration change of a tutor awaiting approval in a pay period',
    access: 'supervisor',
    form: payrollApproveForm,
    answer: entity<PayrollApproval>('PayrollApproval'),
    errors: ['TutorNotFound', 'CannotApproveOwnDuration'],
  }),
  getReport: declare({
    method: 'GET',
    path: '/reports',
    summary: 'A period’s money, hours, meetings by course and customers (days from to to, both counted)',
    access: 'supervisor',
    query: reportQuery,
    answer: entity<Report>('Report'),
    errors: [],
  }),
};

/** Calendars, reminder texts and the front end's error reports. */
export const accountCalls = {
  getCalendarFeed: declare({
    method: 'GET',
    path: '/calendar-feed',
    summary: 'Whether the signed-in person has a private calendar feed, and since when',
    access: 'signed-in',
    answer: entity<CalendarFeedStatus>('CalendarFeedStatus'),
    errors: [],
  }),
  createCalendarFeed: declare({
    method: 'POST',
    path: '/calendar-feed',
    summary: 'Makes a new secret calendar feed address (the old one stops working)',
    access: 'signed-in',
    answer: entity<NewCalendarFeed>('NewCalendarFeed'),
    created: true,
    errors: [],
  }),
  deleteCalendarFeed: declare({
    method: 'DELETE',
    path: '/calendar-feed',
    summary: 'Turns the calendar feed off',
    access: 'signed-in',
    answer: entity<CalendarFeedStatus>('CalendarFeedStatus'),
    errors: [],
  }),
  getCalendarFeedFile: declare({
    method: 'GET',
    path: '/calendar-feed/{file}',
    summary: 'The private calendar feed (its secret address, `{token}.ics`)',
    access: 'anyone',
    params: { file: calendarFeedToken },
    answer: file('text/calendar'),
    errors: [],
  }),
  stopTextReminders: declare({
    method: 'POST',
    path: '/text-reminders/stop',
    summary: 'The one-click opt-out of a reminder text',
    access: 'anyone',
    form: textOptOutForm,
    answer: shape(z.object({ text_reminders: z.literal(false) })),
    errors: ['BadToken'],
  }),
  reportClientError: declare({
    method: 'POST',
    path: '/client-errors',
    summary: 'The front end reports a script that did not load or a screen that failed (to the server log)',
    access: 'anyone',
    form: clientErrorForm,
    answer: nothing,
    errors: ['TooSoon'],
  }),
};
