import type { Id } from '../contract/entities.ts';
import { send } from './http.ts';

/** The tutor's hours and pay for the pay period holding `day` (YYYY-MM-DD, the site's zone; today's when absent). */
export const getTutorHours = (tutorId: Id | 'myself', day?: string) => send('GET /tutors/{id}/hours', { params: { id: tutorId }, query: { day } });
/** The tutor's hourly rates, the one taking effect last first. */
export const getPayRates = (tutorId: Id | 'myself') => send('GET /tutors/{id}/rates', { params: { id: tutorId } });
/** A supervisor sets another tutor's hourly rate from a day on. */
export const setPayRate = (tutorId: Id, hourlyRateCents: number, effectiveDay: string) =>
  send('POST /tutors/{id}/rates', { params: { id: tutorId }, form: { hourly_rate_cents: hourlyRateCents, effective_day: effectiveDay } });
/** The payroll of the pay period holding `day` (today's when absent): supervisors only. */
export const getPayroll = (day?: string) => send('GET /payroll', { query: { day } });
/** Marks the pay period starting on `firstDay` paid, freezing its payroll. */
export const markPayrollPaid = (firstDay: string) => send('POST /payroll/paid', { form: { first_day: firstDay } });
/** 'Approve all': every duration change of the tutor's awaiting approval in the pay period starting on `firstDay`. */
export const approvePayrollDurations = (tutorId: Id, firstDay: string) =>
  send('POST /payroll/approve-durations', { form: { tutor: tutorId, first_day: firstDay } });
