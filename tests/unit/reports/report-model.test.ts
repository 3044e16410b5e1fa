import { describe, expect, it } from 'vitest';
import { coursesCsv, customersCsv, formatMoney, hoursCsv, isEmptyReport, reportFileName, revenueCsv, utilisation, weekLabel } from '../../../src/features/reports/report-model.ts';
import { emptyMonth, november } from './fixtures.ts';

/** The Reports screen's CSV files: the tables' numbers, a row per week, course or kind of customer. */
describe('report CSV files', () => {
  it('writes the money per week in dollars, the billing report\'s five sums', () => {
    const lines = revenueCsv(november).split('\r\n');
    expect(lines[0]).toBe('week_first_day,week_last_day,charged,refunded,refund_pending,scheduled,failed');
    expect(lines[2]).toBe('2026-11-02,2026-11-08,1234.50,55.00,55.00,0.00,0.00');
    expect(lines[3]).toBe('2026-11-09,2026-11-15,90.00,0.00,0.00,45.00,22.50');
    expect(lines).toHaveLength(november.weeks.length + 2);
  });

  it('writes offered and booked hours per week, with the booked share (empty when nothing was offered)', () => {
    const lines = hoursCsv(november).split('\r\n');
    expect(lines[0]).toBe('week_first_day,week_last_day,offered_hours,booked_hours,utilisation_percent');
    expect(lines[1]).toBe('2026-11-01,2026-11-01,0,0,');
    expect(lines[2]).toBe('2026-11-02,2026-11-08,10,7.5,75');
    expect(lines[3]).toBe('2026-11-09,2026-11-15,2,0,0');
    expect(utilisation(1, 3)).toBe(33);
    expect(utilisation(0, 0)).toBeNull();
  });

  it('writes sessions per course, a name that would be a formula kept as text', () => {
    expect(coursesCsv(november).split('\r\n')).toEqual([
      'period_first_day,period_last_day,course_number,course_name,sessions,hours',
      '2026-11-01,2026-11-30,CS 121,Intro to Programming I,6,6.5',
      `2026-11-01,2026-11-30,HACK 1,"'=HYPERLINK(""http://x.test"",""Click"")",1,1`,
      '',
    ]);
  });

  it('writes new and returning customers, and names the files by the period', () => {
    expect(customersCsv(november)).toBe('period_first_day,period_last_day,customers,count\r\n2026-11-01,2026-11-30,new,2\r\n2026-11-01,2026-11-30,returning,3\r\n');
    expect(reportFileName(november, 'hours')).toBe('report-2026-11-01-to-2026-11-30-hours.csv');
  });

  it('names weeks shortly: within a month, across two, a single day', () => {
    expect(weekLabel({ first_day: '2026-11-02', last_day: '2026-11-08' })).toBe('Nov 2 – 8');
    expect(weekLabel({ first_day: '2026-11-30', last_day: '2026-12-06' })).toBe('Nov 30 – Dec 6');
    expect(weekLabel({ first_day: '2026-11-01', last_day: '2026-11-01' })).toBe('Nov 1');
  });

  it('writes money with thousands, and knows an empty period', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(isEmptyReport(emptyMonth)).toBe(true);
    expect(isEmptyReport(november)).toBe(false);
    expect(isEmptyReport({ ...emptyMonth, totals: { ...emptyMonth.totals, offered_minutes: 60 } })).toBe(false);
  });
});
