import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogCourse, CatalogPackage, PriceHistory, UnusedPurchase } from '../../../src/contract/entities.ts';
import { CatalogScreen } from '../../../src/features/catalog/CatalogScreen.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';

afterEach(() => vi.restoreAllMocks());

const props = { tutorId: 'myself', schedulePath: '/tutors/myself/dashboard/schedule', ownPath: '/tutors/myself/dashboard/catalog' };

const courses: CatalogCourse[] = [
  { id: 2, course_number: 'CS 311', course_name: 'Data Structures', school: 'university', archived: false, active_offerings: 0 },
  { id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', school: 'university', archived: false, active_offerings: 2 },
  { id: 3, course_number: 'APCS A', course_name: 'AP Computer Science A', school: 'highschool', archived: false, active_offerings: 1 },
  { id: 4, course_number: 'OLD 1', course_name: 'Retired', school: 'highschool', archived: true, active_offerings: 0 },
];

const history: PriceHistory = {
  current: [
    { frequency: 'weekly', capacity: 1, cents: 4500, effective_epoch: null, entered_by: null },
    { frequency: 'weekly', capacity: 2, cents: 3000, effective_epoch: null, entered_by: null },
    { frequency: 'onetime', capacity: 1, cents: 5500, effective_epoch: 1_795_000_000, entered_by: { id: 5, name: 'Maya Chen' } },
    { frequency: 'onetime', capacity: 2, cents: 3500, effective_epoch: null, entered_by: null },
  ],
  changes: [{ frequency: 'onetime', capacity: 1, cents: 5500, effective_epoch: 1_795_000_000, entered_by: { id: 5, name: 'Maya Chen' } }],
};

const packages: CatalogPackage[] = [
  { id: 1, name: '10 one-on-one hours', hours: 10, bonus_hours: 0, capacity: 1, price_cents: 50000, valid_days: 180, archived: false },
  { id: 3, name: 'Old bundle', hours: 5, bonus_hours: 1, capacity: 2, price_cents: 16000, valid_days: 90, archived: true },
];

const unused: UnusedPurchase[] = [
  {
    id: 41,
    customer: { id: 8, firstname: 'Alex', lastname: 'Rivera' },
    package_name: '10 one-on-one hours',
    capacity: 1,
    paid_hours: 10,
    bonus_hours: 2,
    price_cents: 50000,
    hours_left: 9,
    refundable_cents: 35000,
    expires_at_epoch: 1_810_000_000,
    bought_at_epoch: 1_795_000_000,
  },
];

const reads = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/courses': () => success(courses),
    'GET /api/prices/history': () => success(history),
    'GET /api/packages': () => success(packages),
    'GET /api/credit-lots': () => success(unused),
    ...extra,
  });

/** The Hour packages section (each section of the screen has its own status line). */
const packagesSection = async () => within((await screen.findByRole('heading', { level: 2, name: 'Hour packages' })).closest('section') as HTMLElement);
const group = async (name: string) => within(await screen.findByRole('list', { name: `${name} courses` }));
const price = async (name: string) => {
  const item = (await screen.findByRole('heading', { level: 3, name })).closest('li');
  if (!item) throw new Error(`no price ${name}`);
  return within(item as HTMLElement);
};

describe('Courses & Prices', () => {
  it('shows the prices in dollars and cents with when each took effect, and the courses by school and number, archived ones hidden', async () => {
    const seen = reads();
    render(<CatalogScreen {...props} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Courses & Prices' })).toBeInTheDocument();
    expect(screen.getByText('Loading courses…')).toBeInTheDocument();
    const university = await group('University');
    expect(university.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^CS 121 Intro to Programming I2 tutors offer it/),
      expect.stringMatching(/^CS 311 Data Structures.*No tutor offers it/),
    ]);
    expect((await group('High School')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('4 courses, 1 archived hidden')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Archived' }));
    expect((await group('High School')).getByText('Archived')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unarchive OLD 1' })).toBeInTheDocument();

    const weekly = await price('One-on-One, Weekly');
    expect(weekly.getByText('$45.00')).toBeInTheDocument();
    expect(weekly.getByText('Opening price: no change recorded yet')).toBeInTheDocument();
    expect((await price('One-on-One, One Time')).getByText(/^Since .*2026.*, by Maya Chen$/)).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/api/courses')?.query).toEqual({ show_archived: 'true' });
  });

  it('adds a course, checking it first; a number taken at the school shows on its field, with what was typed kept', async () => {
    let taken = true;
    const seen = reads({
      'POST /api/courses': (request) =>
        taken
          ? { status: 409, body: { status: 'failure', error: { type: 'CourseExists' } } }
          : success({ id: 9, course_number: 'CS 499', course_name: request.form.course_name, school: request.form.school, archived: false, active_offerings: 0 }),
    });
    render(<CatalogScreen {...props} />);
    const form = within(await screen.findByRole('form', { name: 'Add a course' }));
    await userEvent.click(form.getByRole('button', { name: 'Add course' }));
    expect(form.getByText('Please enter the course number.')).toBeInTheDocument();
    expect(form.getByText('Please enter the course name.')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Course number'), 'cs 499');
    await userEvent.type(form.getByLabelText('Course name'), 'Capstone');
    await userEvent.selectOptions(form.getByLabelText('School'), 'High School');
    await userEvent.click(form.getByRole('button', { name: 'Add course' }));
    expect(await form.findByText('A course with this number already exists at this school.')).toBeInTheDocument();
    expect(form.getByLabelText('Course number')).toHaveValue('cs 499');
    expect(seen.find((r) => r.method === 'POST')?.form).toEqual({ course_number: 'cs 499', course_name: 'Capstone', school: 'highschool' });

    taken = false;
    await userEvent.click(form.getByRole('button', { name: 'Add course' }));
    expect(await screen.findByText('Added CS 499 (Capstone) to High School.')).toBeInTheDocument();
    expect(form.getByLabelText('Course number')).toHaveValue('');
    expect((await group('High School')).getByText('CS 499')).toBeInTheDocument();
  });

  it('shows why a course cannot be archived, naming the tutors; renames one in place', async () => {
    reads({
      'POST /api/courses/1/archive': () => ({
        status: 409,
        body: { status: 'failure', error: { type: 'CourseHasOfferings', offerings: [{ tutor: { name: 'Jordan Alvarez' } }, { tutor: { name: 'Priya Shah' } }] } },
      }),
      'POST /api/courses/2': (request) => success({ ...courses[0], course_name: request.form.course_name, course_number: request.form.course_number }),
    });
    render(<CatalogScreen {...props} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive CS 121' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/This course has 2 attached offerings\..*Offered by: Jordan Alvarez, Priya Shah\./);

    await userEvent.click(screen.getByRole('button', { name: 'Rename CS 311' }));
    const form = within(screen.getByRole('form', { name: 'Rename CS 311' }));
    expect(form.getByLabelText('Course name')).toHaveFocus();
    await userEvent.clear(form.getByLabelText('Course name'));
    await userEvent.type(form.getByLabelText('Course name'), 'Algorithms{Enter}');
    expect(await screen.findByText('Saved CS 311 (Algorithms).')).toBeInTheDocument();
    expect((await group('University')).getByText('Algorithms')).toBeInTheDocument();
  });

  it('previews an imported file; with an invalid row marked, the import is not offered', async () => {
    const seen = reads({
      'POST /api/courses/import': () =>
        success({
          rows: [
            { line: 2, course_number: 'CS 499', course_name: 'Capstone', school: 'university', status: 'new' },
            { line: 3, course_number: 'CS 121', course_name: 'Intro to Programming', school: 'university', status: 'renamed', course_id: 1, previous_name: 'Intro to Programming I' },
            { line: 4, course_number: 'BIO 1', course_name: 'Biology', school: 'college', status: 'invalid', reason: 'school: Must be university (University) or highschool (High School)' },
          ],
          counts: { new: 1, unchanged: 0, renamed: 1, invalid: 1 },
          written: false,
        }),
    });
    render(<CatalogScreen {...props} />);
    const file = new File(['course_number,course_name,school\n'], 'courses.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('CSV file'), file);
    const table = within(await screen.findByRole('table', { name: 'Preview of courses.csv' }));
    expect(table.getAllByRole('row')).toHaveLength(4);
    expect(table.getByText('Renamed (was “Intro to Programming I”)')).toBeInTheDocument();
    expect(table.getByText('Invalid: school: Must be university (University) or highschool (High School)')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Import 2 courses' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(confirm);
    const imports = seen.filter((r) => r.path === '/api/courses/import');
    expect(imports.map((r) => r.query)).toEqual([{ dry_run: 'true' }]);
    expect(imports[0]!.contentType).toBe('text/csv');
    expect(screen.getByText(/The invalid row needs fixing in the file/)).toBeInTheDocument();
  });

  it('imports a valid file on confirmation, then reads the courses again', async () => {
    const rows = [{ line: 2, course_number: 'CS 499', course_name: 'Capstone', school: 'university', status: 'new' }];
    let listed = courses;
    const seen = fakeApi({
      'GET /api/courses': () => success(listed),
      'GET /api/prices/history': () => success(history),
      'GET /api/credit-lots': () => success([]),
      'POST /api/courses/import': (request) => {
        if (request.query.dry_run === 'true') return success({ rows, counts: { new: 1, unchanged: 0, renamed: 0, invalid: 0 }, written: false });
        listed = [...courses, { id: 9, course_number: 'CS 499', course_name: 'Capstone', school: 'university', archived: false, active_offerings: 0 }];
        return success({ rows: [{ ...rows[0], course_id: 9 }], counts: { new: 1, unchanged: 0, renamed: 0, invalid: 0 }, written: true });
      },
    });
    render(<CatalogScreen {...props} />);
    await userEvent.upload(await screen.findByLabelText('CSV file'), new File(['x'], 'new.csv', { type: 'text/csv' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 1 course' }));
    expect(await screen.findByText('Imported: 1 course added.')).toBeInTheDocument();
    expect(await (await group('University')).findByText('CS 499')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(seen.filter((r) => r.path === '/api/courses/import').map((r) => r.query)).toEqual([{ dry_run: 'true' }, { dry_run: 'false' }]);
  });

  it('refuses a file too large before sending it, and says why the server refused another', async () => {
    const seen = reads({ 'POST /api/courses/import': () => ({ status: 400, body: { status: 'failure', error: { type: 'BadInput', fields: { csv: 'Line 2: a quoted field is not closed' } } } }) });
    render(<CatalogScreen {...props} />);
    const input = await screen.findByLabelText('CSV file');
    await userEvent.upload(input, new File(['x'.repeat(256 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 256 KB: please split it.');
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.upload(input, new File(['"'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Line 2: a quoted field is not closed')).toBeInTheDocument();
  });

  it('changes a price typed in dollars: checked first, kept as typed when refused, then read again', async () => {
    let fail = true;
    const seen = reads({
      'POST /api/prices': (request) =>
        fail ? 'network-error' : success({ frequency: 'weekly', capacity: 2, cents: Number(request.form.price_cents), effective_epoch: 1_796_000_000, entered_by: { id: 5, name: 'Maya Chen' } }),
    });
    render(<CatalogScreen {...props} />);
    const card = await price('Group-of-Two, Weekly');
    await userEvent.click(card.getByRole('button', { name: 'Change price, Group-of-Two, Weekly' }));
    const field = card.getByLabelText('New price, Group-of-Two, Weekly');
    expect(field).toHaveValue('30.00');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '32.505{Enter}');
    expect(card.getByText('Please give at most two digits after the point (whole cents).')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '$32.50');
    await userEvent.click(card.getByRole('button', { name: 'Save price' }));
    expect(await card.findByText("Couldn't contact server. Try again later.")).toBeInTheDocument();
    expect(field).toHaveValue('$32.50');
    expect(seen.find((r) => r.method === 'POST')?.form).toEqual({ frequency: 'weekly', capacity: '2', price_cents: '3250' });

    fail = false;
    const readsBefore = seen.filter((r) => r.path === '/api/prices/history').length;
    await userEvent.click(card.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Group-of-Two, Weekly is now $32.50 for checkouts from now on.')).toBeInTheDocument();
    await waitFor(() => expect(seen.filter((r) => r.path === '/api/prices/history').length).toBe(readsBefore + 1));
    expect(card.queryByLabelText('New price, Group-of-Two, Weekly')).not.toBeInTheDocument();
  });

  it('Escape leaves a price unchanged', async () => {
    reads();
    render(<CatalogScreen {...props} />);
    const card = await price('One-on-One, One Time');
    await userEvent.click(card.getByRole('button', { name: /^Change price/ }));
    await userEvent.keyboard('{Escape}');
    expect(card.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("tells a tutor the screen is a supervisor's, and offers Try again when a read fails", async () => {
    fakeApi({ 'GET /api/courses': () => failure('NotAuthorized', 403), 'GET /api/prices/history': () => failure('NotAuthorized', 403), 'GET /api/packages': () => failure('NotAuthorized', 403), 'GET /api/credit-lots': () => failure('NotAuthorized', 403) });
    const { unmount } = render(<CatalogScreen {...props} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Courses and prices are kept by supervisors.');
    expect(screen.getByRole('link', { name: 'Go to your schedule' })).toHaveAttribute('href', props.schedulePath);
    unmount();

    let down = true;
    fakeApi({ 'GET /api/courses': () => (down ? 'network-error' : success([])), 'GET /api/prices/history': () => never(), 'GET /api/packages': () => never(), 'GET /api/credit-lots': () => never() });
    render(<CatalogScreen {...props} />);
    expect(await screen.findByText("Courses could not be loaded: Couldn't contact server. Try again later.")).toBeInTheDocument();
    expect(screen.getByText('Loading prices…')).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No courses yet: add one above, or import a CSV file.')).toBeInTheDocument();
  });

  it('lists the hour packages with what each holds and costs by the hour, archived ones marked, and archives or puts one back', async () => {
    const seen = reads({ 'POST /api/packages/1/archive': () => success({ ...packages[0], archived: true }), 'POST /api/packages/3/archive': () => success({ ...packages[1], archived: false }) });
    render(<CatalogScreen {...props} />);
    const list = within(await screen.findByRole('list', { name: 'Hour packages' }));
    const items = list.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('10 one-on-one hours10 hours, One-on-One$500.00 · $50.00 an hour · valid 180 days');
    expect(items[1]).toHaveTextContent('Old bundleArchived5 hours + 1 bonus hour, Group-of-Two$160.00 · $32.00 an hour · valid 90 days');
    await userEvent.click(list.getByRole('button', { name: 'Archive: 10 one-on-one hours' }));
    expect((await packagesSection()).getByRole('status')).toHaveTextContent('10 one-on-one hours is off sale.');
    expect(seen.find((r) => r.path === '/api/packages/1/archive')?.query).toEqual({ unarchive: 'false' });
    await userEvent.click(list.getByRole('button', { name: 'Put back on sale: Old bundle' }));
    await waitFor(() => expect(seen.find((r) => r.path === '/api/packages/3/archive')?.query).toEqual({ unarchive: 'true' }));
    // On sale first: Old bundle is now, and the first package is archived.
    await waitFor(() => expect(list.getAllByRole('listitem')[0]).toHaveTextContent('Old bundle'));
    expect(list.getAllByRole('listitem')[1]).toHaveTextContent('Archived');
  });

  it('checks a new package before sending it, keeps what was typed on a refusal, and lists it once on sale', async () => {
    const made = { id: 9, name: 'Finals', hours: 6, bonus_hours: 1, capacity: 2 as const, price_cents: 19950, valid_days: 60, archived: false };
    let refuse = true;
    const seen = reads({
      'POST /api/packages': () => (refuse ? failure('BadInput', 400, { fields: { price_cents: 'At most 10000000 cents' } }) : { status: 201, body: { status: 'success', data: made } }),
    });
    render(<CatalogScreen {...props} />);
    const form = within(await screen.findByRole('form', { name: 'Add an hour package' }));
    await userEvent.click(form.getByRole('button', { name: 'Add package' }));
    expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Please enter the package name.');
    expect(form.getByLabelText('Price')).toHaveAccessibleDescription('In dollars, like 45 or 45.50 Please enter a price in dollars, like 45 or 45.50.');
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Name'), 'Finals');
    await userEvent.selectOptions(form.getByLabelText('Size'), 'Group-of-Two');
    await userEvent.clear(form.getByLabelText('Hours'));
    await userEvent.type(form.getByLabelText('Hours'), '6');
    await userEvent.clear(form.getByLabelText('Bonus hours'));
    await userEvent.type(form.getByLabelText('Bonus hours'), '1');
    await userEvent.type(form.getByLabelText('Price'), '199.50');
    await userEvent.clear(form.getByLabelText('Valid for (days)'));
    await userEvent.type(form.getByLabelText('Valid for (days)'), '60');
    await userEvent.click(form.getByRole('button', { name: 'Add package' }));
    expect(await form.findByText('At most 10000000 cents')).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveValue('Finals');
    expect(seen.find((r) => r.method === 'POST')?.form).toEqual({ name: 'Finals', hours: '6', bonus_hours: '1', capacity: '2', price_cents: '19950', valid_days: '60' });

    refuse = false;
    await userEvent.click(form.getByRole('button', { name: 'Add package' }));
    await waitFor(async () => expect((await packagesSection()).getByRole('status')).toHaveTextContent('Finals is on sale.'));
    expect(within(screen.getByRole('list', { name: 'Hour packages' })).getByText('6 hours + 1 bonus hour, Group-of-Two')).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveValue('');
  });

  it('says when there are no packages yet, and a packages read that fails alone offers Try again', async () => {
    let down = true;
    reads({ 'GET /api/packages': () => (down ? 'network-error' : success([])) });
    render(<CatalogScreen {...props} />);
    expect(await screen.findByText("Hour packages could not be loaded: Couldn't contact server. Try again later.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Prices' })).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No hour packages yet: add the first one below.')).toBeInTheDocument();
  });

  it('lists the hours bought and not used, and refunds one purchase’s unused hours with a reason, after saying what goes back', async () => {
    const seen = reads({ 'POST /api/credit-lots/41/refund': () => success({ lot_id: 41, hours: 9, amount_cents: 35000 }) });
    render(<CatalogScreen {...props} />);
    const part = within((await screen.findByRole('heading', { level: 2, name: 'Hours bought, not used yet' })).closest('section') as HTMLElement);
    const row = within(part.getByRole('list', { name: 'Hours bought, not used yet' }).querySelector('li')!);
    expect(row.getByText('10 one-on-one hours · 9 of 12 one-on-one hours left (2 bonus hours)')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Refund unused hours: Alex Rivera, 10 one-on-one hours' }));
    expect(row.getByText("Refund $350.00 to the card that paid, and take the 9 hours left out of the customer's hours?")).toBeInTheDocument();
    // A reason is required: nothing is sent without one.
    await userEvent.click(row.getByRole('button', { name: 'Refund $350.00' }));
    expect(row.getByText('Please say why the hours are refunded.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(row.getByLabelText('Reason'), 'Moving away');
    await userEvent.click(row.getByRole('button', { name: 'Refund $350.00' }));
    expect(await part.findByRole('status')).toHaveTextContent("Refunded $350.00 to Alex Rivera's card: 9 hours taken out.");
    expect(seen.find((r) => r.method === 'POST')?.form).toEqual({ reason: 'Moving away' });
    expect(part.getByText('No customer has hours left to use.')).toBeInTheDocument();
  });

  it("sends a supervisor viewing another tutor's dashboard to their own catalog", () => {
    const seen = fakeApi({});
    render(<CatalogScreen {...props} tutorId="7" />);
    expect(screen.getByRole('link', { name: 'Open Courses & Prices' })).toHaveAttribute('href', props.ownPath);
    expect(seen).toHaveLength(0);
  });
});
