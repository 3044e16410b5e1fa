import { expectAccessible } from './axe.ts';
import { expect, test } from './csp.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The supervisor keeps the catalog: adds a course, imports a CSV file whose invalid row is marked
 * (and the import refused until the file is fixed), changes a price and sees the public price
 * follow, then puts the demo back as it was (the courses archived, the price restored) for the
 * journeys that run after this one.
 */
test.use({ locale: 'en-US' });

const csv = (rows: string[]) => ({ name: 'courses.csv', mimeType: 'text/csv', buffer: Buffer.from(['course_number,course_name,school', ...rows].join('\r\n')) });

test('a supervisor adds a course, imports a file with an invalid row marked, and changes a price', async ({ page }) => {
  test.setTimeout(60_000);
  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Courses & Prices' }).click();
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses & Prices' })).toBeVisible();
  const university = page.getByRole('list', { name: 'University courses' });
  await expect(university.getByText('Intro to Programming I', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Add a course.
  const add = page.getByRole('form', { name: 'Add a course' });
  await add.getByLabel('Course number').fill('cs 490');
  await add.getByLabel('Course name').fill('Senior Project');
  await add.getByLabel('Course name').press('Enter');
  await expect(page.getByText('Added CS 490 (Senior Project) to University.')).toBeVisible();
  await expect(university.getByText('Senior Project', { exact: true })).toBeVisible();

  // Import: the invalid row is marked and nothing can be imported until the file is fixed.
  const file = page.getByLabel('CSV file');
  await file.setInputFiles(csv(['CS 491,Compilers,university', 'BIO 9,Botany,college', 'CS 121,Intro to Programming I,university']));
  const preview = page.getByRole('table', { name: 'Preview of courses.csv' });
  await expect(preview.getByRole('row').filter({ hasText: 'BIO 9' })).toContainText('Invalid: school: Must be university (University) or highschool (High School)');
  await expect(preview.getByRole('row').filter({ hasText: 'CS 491' })).toContainText('New');
  await expect(preview.getByRole('row').filter({ hasText: 'CS 121' })).toContainText('Unchanged');
  await expect(page.getByRole('button', { name: 'Import 1 course' })).toBeDisabled();
  await expectAccessible(page);
  await file.setInputFiles(csv(['CS 491,Compilers,university', 'BIO 9,Botany,highschool']));
  await page.getByRole('button', { name: 'Import 2 courses' }).click();
  await expect(page.getByText('Imported: 2 courses added.')).toBeVisible();
  await expect(university.getByText('Compilers', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'High School courses' }).getByText('Botany', { exact: true })).toBeVisible();

  // A price change: shown with when it took effect, and the public price follows.
  const before = (await (await page.request.get('/api/prices')).json()).data;
  const price = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Group-of-Two, One Time' }) });
  await price.getByRole('button', { name: 'Change price, Group-of-Two, One Time' }).click();
  const field = price.getByLabel('New price, Group-of-Two, One Time');
  await field.fill('36.5.0');
  await field.press('Enter');
  await expect(price.getByText('Please enter a price in dollars, like 45 or 45.50.')).toBeVisible();
  await field.fill('36.50');
  await price.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByText('Group-of-Two, One Time is now $36.50 for checkouts from now on.')).toBeVisible();
  await expect(price.getByText('$36.50')).toBeVisible();
  await expect(price.getByText(/^Since .*, by Maya Chen$/)).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/prices')).json()).data.onetime['2']).toBe(3650);

  // The demo as it was for the journeys after this one: the price back, the new courses archived.
  await price.getByRole('button', { name: 'Change price, Group-of-Two, One Time' }).click();
  await price.getByLabel('New price, Group-of-Two, One Time').fill((before.onetime['2'] / 100).toFixed(2));
  await price.getByRole('button', { name: 'Save price' }).click();
  await expect.poll(async () => (await (await page.request.get('/api/prices')).json()).data).toEqual(before);
  for (const number of ['CS 490', 'CS 491', 'BIO 9']) {
    await page.getByRole('button', { name: `Archive ${number}` }).click();
    await expect(page.getByRole('button', { name: `Archive ${number}` })).toHaveCount(0);
  }
  await expect(page.getByText('BIO 9 archived: it is no longer offered for booking. Check Show Archived to see it.')).toBeVisible();
  const publicCourses = (await (await page.request.get('/api/courses')).json()).data as { course_number: string }[];
  expect(publicCourses.map((c) => c.course_number)).not.toEqual(expect.arrayContaining(['CS 490']));
});

test('a supervisor puts an hour package on sale, which the public list has, and takes it off sale again', async ({ page }) => {
  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Courses & Prices' }).click();
  const packages = page.getByRole('list', { name: 'Hour packages' });
  await expect(packages.getByText('10 one-on-one hours', { exact: true })).toBeVisible();
  await expect(packages.getByRole('listitem').first()).toContainText('$500.00 · $50.00 an hour · valid 180 days');

  const add = page.getByRole('form', { name: 'Add an hour package' });
  await add.getByLabel('Name').fill('Finals week');
  await add.getByLabel('Size').selectOption('Group-of-Two');
  await add.getByLabel('Hours', { exact: true }).fill('6');
  await add.getByLabel('Price').fill('0.10');
  await add.getByLabel('Price').press('Enter');
  await expect(add.getByText('The price must be at least $0.50: a card cannot be charged less.')).toBeVisible();
  await add.getByLabel('Price').fill('180');
  await add.getByRole('button', { name: 'Add package' }).click();
  await expect(page.getByText('Finals week is on sale.')).toBeVisible();
  await expect(packages.getByRole('listitem').filter({ hasText: 'Finals week' })).toContainText('6 hours, Group-of-Two$180.00 · $30.00 an hour · valid 180 days');
  await expectAccessible(page);
  await expect.poll(async () => ((await (await page.request.get('/api/packages')).json()).data as { name: string }[]).map((p) => p.name)).toContain('Finals week');

  // Off sale again, for the journeys after this one.
  await page.getByRole('button', { name: 'Archive: Finals week' }).click();
  await expect(page.getByText('Finals week is off sale.')).toBeVisible();
  await expect(packages.getByRole('listitem').filter({ hasText: 'Finals week' })).toContainText('Archived');
  await expect.poll(async () => ((await (await page.request.get('/api/packages')).json()).data as { name: string }[]).map((p) => p.name)).not.toContain('Finals week');
});
