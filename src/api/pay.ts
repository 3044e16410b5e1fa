import type { Id, PayRate, Payroll, PayrollApproval, TutorHoursReport } from '../contract/entities.ts';
import { request, segment } from './http.ts';

const tutorPath = (tutorId: Id | 'myself') => `/api/tutors/${segment(tutorId)}`;

/** The tutor's hours and pay for the pay period holding `day` (YYYY-MM-DD, the site's zone; today's when absent). */
export const getTutorHours = (tutorId: Id | 'myself', day?: string) => request<TutorHoursReport>('GET', `${tutorPath(tutorId)}/hours`, { query: { day } });
/** The tutor's hourly rates, the one taking effect last first. */
export const getPayRates = (tutorId: Id | 'myself') => request<PayRate[]>('GET', `${tutorPath(tutorId)}/rates`);
/** A supervisor sets another tutor's hourly rate from a day on. */
export const setPayRate = (tutorId: Id, hourlyRateCents: number, effectiveDay: string) =>
  request<PayRate>('POST', `${tutorPath(tutorId)}/rates`, { form: { hourly_rate_cents: hourlyRateCents, effective_day: effectiveDay } });
/** The payroll of the pay period holding `day` (today's when absent): supervisors only. */
export const getPayroll = (day?: string) => request<Payroll>('GET', '/api/payroll', { query: { day } });
/** Marks the pay period starting on `firstDay` paid, freezing its payroll. */
export const markPayrollPaid = (firstDay: string) => request<Payroll>('POST', '/api/payroll/paid', { form: { first_day: firstDay } });
/** 'Approve all': every duration change of the tutor's awaiting approval in the pay period starting on `firstDay`. */
export const approvePayrollDurations = (tutorId: Id, firstDay: string) =>
  request<PayrollApproval>('POST', '/api/payroll/approve-durations', { form: { tutor: tutorId, first_day: firstDay } });
