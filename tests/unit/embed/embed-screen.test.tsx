import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '../../../src/contract/entities.ts';
import { EmbedScreen } from '../../../src/features/embed/EmbedScreen.tsx';
import { failure, fakeApi, never, type SeenRequest, success } from '../fake-api.ts';

afterEach(() => vi.restoreAllMocks());

const courses: Course[] = [
  { id: 2, course_number: 'CS 311', course_name: 'Data Structures', school: 'university' },
  { id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', school: 'university' },
  { id: 3, course_number: 'APCS A', course_name: 'AP Computer Science A', school: 'highschool' },
];

/** The list a PUT sent (its JSON body). */
const sentList = async (request: SeenRequest) => (JSON.parse(await (request.body as Blob).text()) as { origins: string[] }).origins;

/** The API with a stored list that PUT replaces, as the server does (sorted); `refuse` answers a PUT instead. */
function api(stored: string[], refuse?: (list: string[]) => ReturnType<typeof failure> | null) {
  let list = [...stored];
  const seen = fakeApi({
    'GET /api/courses': () => success(courses),
    'GET /api/embed/origins': () => success({ origins: list }),
    'PUT /api/embed/origins': async (request) => {
      const sent = await sentList(request);
      const refusal = refuse?.(sent);
      if (refusal) return refusal;
      list = [...new Set(sent)].sort();
      return success({ origins: list });
    },
  });
  return { seen, puts: () => seen.filter((r) => r.method === 'PUT') };
}

const snippet = () => screen.getByLabelText("Snippet for the partner's page");
const origin = () => window.location.origin;

describe('Embed', () => {
  it('writes the snippet and the preview from the form: school, course, colour, radius, font, zone and pop-up', async () => {
    api([]);
    render(<EmbedScreen onDenied={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Embed' })).toBeInTheDocument();
    expect(snippet()).toHaveValue(`<script src="${origin()}/embed.js" async></script>\n<div data-booking-widget style="min-height:960px"></div>`);
    expect(screen.getByTitle('Booking widget preview')).toHaveAttribute('src', '/embed/booking');

    const form = within(screen.getByRole('form', { name: 'Widget options' }));
    // A course goes with its school: none to choose before one.
    expect(form.getByText('Choose a school first.')).toBeInTheDocument();
    await userEvent.selectOptions(form.getByLabelText('School'), 'University');
    await waitFor(() => expect(within(form.getByLabelText('Course')).getAllByRole('option').map((o) => o.textContent)).toEqual(['None: the person chooses', 'CS 121', 'CS 311']));
    await userEvent.selectOptions(form.getByLabelText('Course'), 'CS 121');
    fireEvent.change(form.getByLabelText('Pick the accent colour'), { target: { value: '#aa3300' } });
    expect(form.getByLabelText('Accent colour')).toHaveValue('#aa3300');
    await userEvent.type(form.getByLabelText('Corner radius'), '4px');
    await userEvent.click(form.getByLabelText("Use the host page's font"));
    await userEvent.selectOptions(form.getByLabelText('Shown time zone'), 'America/Los_Angeles (the campus)');
    expect(snippet()).toHaveValue(
      `<script src="${origin()}/embed.js" async></script>\n` +
        '<div data-booking-widget data-school="university" data-course="CS 121" data-accent="#aa3300" data-radius="4px" data-font="inherit" data-locale-zone="America/Los_Angeles" style="min-height:960px"></div>',
    );
    // The preview follows once typing pauses.
    await waitFor(() =>
      expect(screen.getByTitle('Booking widget preview')).toHaveAttribute(
        'src',
        '/embed/booking?school=university&course=CS+121&accent=%23aa3300&radius=4px&font=inherit&zone=America%2FLos_Angeles',
      ),
    );

    await userEvent.click(form.getByLabelText('As a pop-up, from a button'));
    expect(snippet()).toHaveValue(
      `<script src="${origin()}/embed.js" async></script>\n` +
        '<button data-booking-widget-popup data-school="university" data-course="CS 121" data-accent="#aa3300" data-radius="4px" data-font="inherit" data-locale-zone="America/Los_Angeles">Book a session</button>',
    );
    // The pop-up's preview: its button opens the frame in a dialog, and Close closes it.
    expect(screen.queryByTitle('Booking widget preview')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book a session' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a session' }));
    expect(dialog.getByTitle('Booking widget preview')).toHaveAttribute('src', expect.stringMatching(/^\/embed\/booking\?school=university&course=CS\+121/));
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // From the keyboard: Escape closes it, and the focus is back on the button.
    screen.getByRole('button', { name: 'Book a session' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Book a session' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a session' })).toHaveFocus();

    // Another school: the course is not offered there, so it goes.
    await userEvent.selectOptions(form.getByLabelText('School'), 'High School');
    expect(form.getByLabelText('Course')).toHaveValue('');
    expect((snippet() as HTMLTextAreaElement).value).toContain('data-school="highschool" data-accent');
  });

  it('copies the snippet and says so; a refused clipboard selects it and says how to copy', async () => {
    api([]);
    render(<EmbedScreen onDenied={() => {}} />);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`<script src="${origin()}/embed.js" async></script>\n<div data-booking-widget style="min-height:960px"></div>`);
    // A changed snippet was not copied.
    await userEvent.click(screen.getByLabelText('As a pop-up, from a button'));
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();

    writeText.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/^Your browser did not let us copy\. The snippet is selected/)).toBeInTheDocument();
    const box = snippet() as HTMLTextAreaElement;
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, box.value.length]);
  });

  it('shows the empty list, adds a site with the whole list, and removes one with the rest', async () => {
    const { puts } = api([]);
    render(<EmbedScreen onDenied={() => {}} />);
    expect(screen.getByText('Loading the allowed sites…')).toBeInTheDocument();
    expect(await screen.findByText("No site may embed the widget yet. Add a site's address, like https://www.example.org.")).toBeInTheDocument();
    expect(screen.getByText(/A change takes effect within a minute\./)).toBeInTheDocument();

    const add = within(screen.getByRole('form', { name: 'Add a site' }));
    await userEvent.click(add.getByRole('button', { name: 'Add' }));
    expect(add.getByText("Please enter a site's address, like https://www.example.org.")).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await userEvent.type(add.getByLabelText("Site's address"), 'https://club.example.org{Enter}');
    expect(await screen.findByText('Added https://club.example.org. The widget shows there within a minute.')).toBeInTheDocument();
    expect(add.getByLabelText("Site's address")).toHaveValue('');
    await userEvent.type(add.getByLabelText("Site's address"), ' https://a.example.com ');
    await userEvent.click(add.getByRole('button', { name: 'Add' }));
    await screen.findByText('Added https://a.example.com. The widget shows there within a minute.');
    const list = screen.getByRole('list', { name: 'Allowed sites' });
    expect(within(list).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['https://a.example.com', 'https://club.example.org']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove https://club.example.org' }));
    expect(await screen.findByText('Removed https://club.example.org. Within a minute the widget no longer shows there.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove https://club.example.org' })).not.toBeInTheDocument();
    expect(await Promise.all(puts().map(sentList))).toEqual([['https://club.example.org'], ['https://club.example.org', 'https://a.example.com'], ['https://a.example.com']]);
  });

  it("shows a refused address's sentence, naming it, and keeps what was typed", async () => {
    const { puts } = api(['https://club.example.org'], (list) =>
      list.includes('www.example.org/booking') ? { status: 400, body: { status: 'failure', error: { type: 'BadEmbedOrigin', origin: 'www.example.org/booking' } } } : null,
    );
    render(<EmbedScreen onDenied={() => {}} />);
    const add = within(await screen.findByRole('form', { name: 'Add a site' }));
    await userEvent.type(add.getByLabelText("Site's address"), 'www.example.org/booking{Enter}');
    expect(await add.findByRole('alert')).toHaveTextContent('"www.example.org/booking" is not a site address we can allow. Write it as https://example.com (with http:// or https://, no path and no *).');
    expect(add.getByLabelText("Site's address")).toHaveValue('www.example.org/booking');
    expect(add.getByLabelText("Site's address")).toHaveAttribute('aria-invalid', 'true');
    // The list is as stored: the refused entry is not in it.
    expect(within(screen.getByRole('list', { name: 'Allowed sites' })).getAllByRole('listitem')).toHaveLength(1);
    expect(await sentList(puts()[0]!)).toEqual(['https://club.example.org', 'www.example.org/booking']);
  });

  it('says when a change could not reach the server, keeping the site on the list', async () => {
    fakeApi({
      'GET /api/courses': () => success(courses),
      'GET /api/embed/origins': () => success({ origins: ['https://club.example.org'] }),
      'PUT /api/embed/origins': () => 'network-error',
    });
    render(<EmbedScreen onDenied={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove https://club.example.org' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't contact server. Try again later.");
    expect(screen.getByRole('button', { name: 'Remove https://club.example.org' })).toBeInTheDocument();
  });

  it('shows a list that did not load with Try again, and sends a tutor who is not a supervisor away', async () => {
    let answer: 'network-error' | ReturnType<typeof success> = 'network-error';
    fakeApi({ 'GET /api/courses': never, 'GET /api/embed/origins': () => answer });
    render(<EmbedScreen onDenied={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't contact server. Try again later.");
    await userEvent.selectOptions(screen.getByLabelText('School'), 'University');
    expect(screen.getByText('Loading the courses…')).toBeInTheDocument();
    answer = success({ origins: ['https://club.example.org'] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('https://club.example.org')).toBeInTheDocument();

    const onDenied = vi.fn();
    fakeApi({ 'GET /api/courses': () => success(courses), 'GET /api/embed/origins': () => failure('NotAuthorized', 403) });
    render(<EmbedScreen onDenied={onDenied} />);
    await waitFor(() => expect(onDenied).toHaveBeenCalledTimes(1));
  });
});
