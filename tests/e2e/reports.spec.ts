import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, serverNow, test } from './suite-clock.ts';
import { periodDays } from '../../src/features/reports/report-period.ts';
import { dayInZone, formatDayRange } from '../../src/lib/site-days.ts';
import { expectAccessible } from './axe.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * Reports (issue 25): the supervisor opens Reports, picks last month (the demo's weeks before it
 * hold paid sessions, a refund and open hours whatever day the suite runs), sees each chart and its
 * table, downloads each CSV file and finds the table's numbers in it; the period stays in the
 * address through a reload and Back; From after To clears the figures.
 */
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

const SITE_ZONE = 'America/Los_Angeles';

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

/** A CSV file's rows, split at commas (the demo's values hold none). */
const rowsOf = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

/** The cells of a table's rows (header cell first), as shown. */
const cellsOf = (page: Page, table: string, part: 'tbody' | 'tfoot') =>
  page
    .getByRole('table', { name: table })
    .locator(`${part} tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));

const dollars = (shown: string) => Number(shown.replace(/[$,]/g, ''));

test('a supervisor reads last month\'s reports, with charts and tables, and downloads each CSV file', async ({ page }) => {
  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await dashboardLive(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'This month' })).toBeChecked();

  await page.getByRole('radio', { name: 'Last month' }).check();
  const last = periodDays({ preset: 'last-month' }, dayInZone(await serverNow(page.request), SITE_ZONE));
  await expect(page.getByText(`Showing ${formatDayRange(last.from, last.to)}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?period=last-month$/);

  // Each chart is drawn (bars in its picture), named by its title, with its table under it.
  const charts = ['Charged and refunded per week, in dollars', 'Offered and booked hours per week', 'Booked sessions per course', 'New and returning customers'];
  for (const title of charts) {
    const chart = page.getByRole('img', { name: `${title}: bar chart. The table below lists the same numbers.` });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.ct-bar').first()).toBeAttached();
  }
  await expect(page.getByText('Refunded (striped bars)')).toBeAttached();
  const revenue = page.getByRole('table', { name: 'Revenue and refunds per week' });
  await expect(revenue).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sessions by course' }).getByRole('rowheader', { name: 'MATH 125 Calculus II' })).toBeVisible();
  await expectAccessible(page);

  // Each file holds its table's numbers.
  const money = await downloaded(page, 'Download CSV: revenue and refunds');
  expect(money.name).toBe(`report-${last.from}-to-${last.to}-revenue.csv`);
  const moneyRows = rowsOf(money.text);
  expect(moneyRows[0]).toEqual(['week_first_day', 'week_last_day', 'charged', 'refunded', 'refund_pending', 'scheduled', 'failed']);
  const weeks = await cellsOf(page, 'Revenue and refunds per week', 'tbody');
  expect(moneyRows.slice(1).map((row) => row.slice(2).map(Number))).toEqual(weeks.map((row) => row.slice(1).map(dollars)));
  expect(moneyRows[1]![0]).toBe(last.from);
  expect(moneyRows.at(-1)![1]).toBe(last.to);
  const [total] = await cellsOf(page, 'Revenue and refunds per week', 'tfoot');
  const charged = moneyRows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[2]) * 100), 0);
  expect(charged).toBe(Math.round(dollars(total![1]!) * 100));
  expect(charged).toBeGreaterThan(0);

  const hours = await downloaded(page, 'Download CSV: booked and offered hours');
  const hourRows = rowsOf(hours.text);
  expect(hourRows[0]).toEqual(['week_first_day', 'week_last_day', 'offered_hours', 'booked_hours', 'utilisation_percent']);
  const hourWeeks = await cellsOf(page, 'Utilisation per week', 'tbody');
  expect(hourRows.slice(1).map((row) => [Number(row[2]), Number(row[3]), row[4] === '' ? '—' : `${row[4]}%`])).toEqual(hourWeeks.map((row) => [Number(row[1]), Number(row[2]), row[3]]));

  const courses = await downloaded(page, 'Download CSV: sessions by course');
  const courseRows = rowsOf(courses.text);
  expect(courseRows[0]).toEqual(['period_first_day', 'period_last_day', 'course_number', 'course_name', 'sessions', 'hours']);
  const shownCourses = await cellsOf(page, 'Sessions by course', 'tbody');
  expect(courseRows.slice(1).map((row) => [`${row[2]} ${row[3]}`, row[4], row[5]])).toEqual(shownCourses.map((row) => [row[0], row[1], String(Number(row[2]))]));

  const customers = await downloaded(page, 'Download CSV: new and returning customers');
  const customerRows = rowsOf(customers.text);
  expect(customerRows[0]).toEqual(['period_first_day', 'period_last_day', 'customers', 'count']);
  const shownCustomers = await cellsOf(page, 'New and returning customers', 'tbody');
  expect(customerRows.slice(1).map((row) => [row[2], row[3]])).toEqual([
    ['new', shownCustomers[0]![1]],
    ['returning', shownCustomers[1]![1]],
  ]);
  // Jamie paid for sessions before last month too.
  expect(Number(customerRows[2]![3])).toBeGreaterThanOrEqual(1);

  // The period stays through a reload, and through Back from another screen.
  await page.reload();
  await dashboardLive(page);
  await expect(page.getByRole('radio', { name: 'Last month' })).toBeChecked();
  await expect(revenue).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payroll' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('radio', { name: 'Last month' })).toBeChecked();
  await expect(revenue).toBeVisible();

  // Chosen days with From after To: a message, and no figures.
  await page.getByRole('radio', { name: 'Custom' }).check();
  await expect(page).toHaveURL(new RegExp(`\\?period=custom&from=${last.from}&to=${last.to}$`));
  await page.getByLabel('From', { exact: true }).fill(last.to);
  await page.getByLabel('To', { exact: true }).fill(last.from);
  await expect(page.getByRole('alert')).toHaveText('From must be on or before To.');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /bar chart/ })).toHaveCount(0);
  await page.getByLabel('To', { exact: true }).fill(last.to);
  await page.getByLabel('From', { exact: true }).fill(last.from);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(revenue).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?period=custom&from=${last.from}&to=${last.to}$`));
});
