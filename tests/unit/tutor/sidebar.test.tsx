import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardApp } from '../../../src/features/dashboard/DashboardApp.tsx';
import { $router } from '../../../src/features/dashboard/router.ts';
import { PhotoDialog } from '../../../src/features/team/PhotoDialog.tsx';
import { TutorSidebar, type TutorSidebarPaths } from '../../../src/features/tutor/TutorSidebar.tsx';
import { useDashboardTutor } from '../../../src/features/tutor/use-dashboard-tutor.ts';
import { withFirstAnswers } from '../../../src/api/first-answers.ts';
import { failure, fakeApi, never, success } from '../fake-api.ts';

const paths = (tutorId: string): TutorSidebarPaths => ({
  schedule: `/tutors/${tutorId}/dashboard/schedule`,
  availability: `/tutors/${tutorId}/dashboard/availability`,
  history: `/tutors/${tutorId}/dashboard/history`,
  hours: `/tutors/${tutorId}/dashboard/hours`,
  gradebooks: `/tutors/${tutorId}/dashboard/gradebooks`,
  allGradebooks: `/tutors/${tutorId}/dashboard/all-gradebooks`,
  supervisor: `/tutors/${tutorId}/dashboard/supervisor`,
  allSummaries: `/tutors/${tutorId}/dashboard/all-summaries`,
  catalog: `/tutors/${tutorId}/dashboard/catalog`,
  payroll: `/tutors/${tutorId}/dashboard/payroll`,
  reports: `/tutors/${tutorId}/dashboard/reports`,
  embed: `/tutors/${tutorId}/dashboard/embed`,
  back: '/tutors/myself/dashboard/supervisor',
});

const jordan = { id: 2, name: 'Jordan Alvarez', role: 'Tutor', background: '', email: 'jordan@beacontutoring.com', phone: '2065550102' };
const maya = { id: 5, name: 'Maya Chen', role: 'Supervisor', background: '', email: 'maya@beacontutoring.com', phone: '2065550105' };
const auth = (tutor: typeof jordan) => success({ user_type: 'tutor', tutor: { id: tutor.id, name: tutor.name, role: tutor.role } });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const renderSidebar = (tutorId: string, route = 'tutorSchedule') => render(<TutorSidebar tutorId={tutorId} route={route} paths={paths(tutorId)} />);

describe('TutorSidebar', () => {
  it("shows the profile card and the five links of a tutor's own dashboard", async () => {
    const seen = fakeApi({ 'GET /api/checkauth': () => auth(jordan), 'GET /api/tutors/myself': () => success(jordan) });
    renderSidebar('myself', 'tutorHome');
    expect(await screen.findByText('Jordan')).toBeInTheDocument();
    expect(screen.getByText('Tutor')).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', '/tutor_images/2.jpg');
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/tutors/myself/dashboard/schedule');
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveAttribute('href', '/tutors/myself/dashboard/availability');
    expect(screen.getByRole('link', { name: 'Work History' })).toHaveAttribute('href', '/tutors/myself/dashboard/history');
    expect(screen.getByRole('link', { name: 'Gradebooks' })).toHaveAttribute('href', '/tutors/myself/dashboard/gradebooks');
    expect(screen.getByRole('link', { name: 'My Hours' })).toHaveAttribute('href', '/tutors/myself/dashboard/hours');
    for (const name of ['All Gradebooks', 'Team View', 'Payroll', 'Reports', 'Summaries', 'Courses & Prices', 'Embed', 'Back']) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    // Without a photo dialog the profile card is not a control.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/checkauth', 'GET /api/tutors/myself']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('gives a supervisor viewing myself All Gradebooks, Team View and Summaries', async () => {
    fakeApi({ 'GET /api/checkauth': () => auth(maya), 'GET /api/tutors/myself': () => success(maya) });
    renderSidebar('myself', 'tutorGradebook');
    expect(await screen.findByRole('link', { name: 'All Gradebooks' })).toHaveAttribute('href', '/tutors/myself/dashboard/all-gradebooks');
    expect(screen.getByRole('link', { name: 'Team View' })).toHaveAttribute('href', '/tutors/myself/dashboard/supervisor');
    expect(screen.getByRole('link', { name: 'Summaries' })).toHaveAttribute('href', '/tutors/myself/dashboard/all-summaries');
    expect(screen.getByRole('link', { name: 'Courses & Prices' })).toHaveAttribute('href', '/tutors/myself/dashboard/catalog');
    expect(screen.getByRole('link', { name: 'Payroll' })).toHaveAttribute('href', '/tutors/myself/dashboard/payroll');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/tutors/myself/dashboard/reports');
    expect(screen.getByRole('link', { name: 'Embed' })).toHaveAttribute('href', '/tutors/myself/dashboard/embed');
    expect(screen.getByRole('link', { name: 'Gradebooks' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Supervisor')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it("gives a supervisor viewing another tutor a Back link and that tutor's links, without the supervisor's own", async () => {
    fakeApi({ 'GET /api/checkauth': () => auth(maya), 'GET /api/tutors/2': () => success(jordan) });
    renderSidebar('2');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/tutors/myself/dashboard/supervisor');
    expect(await screen.findByText('Jordan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/tutors/2/dashboard/schedule');
    // Another tutor's hours are theirs, not 'My' Hours.
    expect(screen.getByRole('link', { name: 'Hours' })).toHaveAttribute('href', '/tutors/2/dashboard/hours');
    for (const name of ['All Gradebooks', 'Team View', 'Summaries', 'Courses & Prices', 'Embed']) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it("leaves the viewed tutor in the page for the screen's banner, which may hydrate after the sidebar", async () => {
    const seen = fakeApi({ 'GET /api/checkauth': () => auth(maya), 'GET /api/tutors/2': () => success(jordan) });
    const page = { '/api/checkauth': [200, auth(maya).body] as [number, unknown], '/api/tutors/2': [200, success(jordan).body] as [number, unknown] };
    withFirstAnswers(page, () => renderSidebar('2'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // The screen's part, hydrated later, renders at once what the server wrote: 'Viewing Jordan Alvarez'.
    function Banner() {
      const { tutor, viewingOther } = useDashboardTutor('2');
      return <p data-testid="banner">{viewingOther ? `Viewing ${tutor!.name}` : 'own dashboard'}</p>;
    }
    withFirstAnswers(page, () => render(<Banner />));
    expect(screen.getByTestId('banner')).toHaveTextContent('Viewing Jordan Alvarez');
    expect(seen).toHaveLength(0);
  });

  it('shows a regular tutor no supervisor links and no Back link', async () => {
    fakeApi({ 'GET /api/checkauth': () => auth(jordan), 'GET /api/tutors/2': () => success(jordan) });
    renderSidebar('2');
    expect(await screen.findByText('Jordan')).toBeInTheDocument();
    for (const name of ['All Gradebooks', 'Team View', 'Summaries', 'Courses & Prices', 'Embed', 'Back']) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor to sign in and come back (NoAuth), never plain home', async () => {
    fakeApi({ 'GET /api/checkauth': () => failure('NoAuth', 401), 'GET /api/tutors/myself': () => failure('NoAuth', 401) });
    renderSidebar('myself');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(assign.mock.calls).toEqual([[`/?next=${encodeURIComponent(window.location.pathname)}`], [`/?next=${encodeURIComponent(window.location.pathname)}`]]);
  });

  it('sends a signed-in account that may not see the tutor home (NotAuthorized)', async () => {
    fakeApi({ 'GET /api/checkauth': () => auth(jordan), 'GET /api/tutors/5': () => failure('NotAuthorized', 403) });
    renderSidebar('5');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it("sends a customer home (a customer's session)", async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'customer', customer: { id: 1, firstname: 'Alex' } }),
      'GET /api/tutors/myself': () => failure('NotAuthorized', 403),
    });
    renderSidebar('myself');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('sends the user home when the tutor lookup answers null', async () => {
    fakeApi({ 'GET /api/checkauth': () => auth(maya), 'GET /api/tutors/99': () => success(null) });
    renderSidebar('99');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('stays put on a network failure', async () => {
    const seen = fakeApi({ 'GET /api/checkauth': () => 'network-error', 'GET /api/tutors/myself': () => 'network-error' });
    renderSidebar('myself');
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Schedule' })).toBeInTheDocument();
  });
});

describe('TutorSidebar: the profile photo', () => {
  const upload = async (name: string) => {
    await userEvent.click(await screen.findByRole('button', { name: /^Change Photo: / }));
    const dialog = within(screen.getByRole('dialog', { name: 'Upload a profile photo' }));
    await userEvent.upload(dialog.getByLabelText('Photo (JPEG)'), new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Succesfully uploaded photo')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
  };
  const renderWithPhoto = (tutorId: string) =>
    render(<TutorSidebar tutorId={tutorId} route="tutorSchedule" paths={paths(tutorId)} photoDialog={(props) => <PhotoDialog {...props} />} />);

  it("makes the profile card a 'Change Photo' button: a tutor changes their own photo and sees it at once", async () => {
    const seen = fakeApi({
      'GET /api/checkauth': () => auth(jordan),
      'GET /api/tutors/myself': () => success(jordan),
      'POST /api/tutors/2/photo': () => success({ url: '/tutor_images/2.jpg?v=4' }),
    });
    renderWithPhoto('myself');
    await screen.findByText('Jordan');
    // Named by the action, then by the visible text (which must stay part of the name).
    const button = screen.getByRole('button', { name: 'Change Photo: Jordan Tutor' });
    expect(button).toHaveAttribute('title', 'Change Photo');
    expect(button.querySelector('img')).toHaveAttribute('src', '/tutor_images/2.jpg');
    await upload('me.jpg');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Change Photo: / }).querySelector('img')).toHaveAttribute('src', '/tutor_images/2.jpg?v=4');
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/tutors/2/photo']);
  });

  it("lets a supervisor viewing another tutor change that tutor's photo", async () => {
    const seen = fakeApi({
      'GET /api/checkauth': () => auth(maya),
      'GET /api/tutors/2': () => success(jordan),
      'POST /api/tutors/2/photo': () => success({ url: '/tutor_images/2.jpg?v=5' }),
    });
    renderWithPhoto('2');
    await screen.findByText('Jordan');
    await upload('jordan.jpg');
    expect(screen.getByRole('button', { name: /^Change Photo: / }).querySelector('img')).toHaveAttribute('src', '/tutor_images/2.jpg?v=5');
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/tutors/2/photo']);
  });
});

describe('DashboardApp with a tutor sidebar', () => {
  it('puts the tutor sidebar on tutor routes, with Log out', () => {
    fakeApi({ 'GET /api/checkauth': never, 'GET /api/tutors/myself': never });
    $router.open('/tutors/myself/dashboard/availability');
    render(
      <DashboardApp
        screens={{ tutorAvailability: () => <h1>Manage Availability</h1> }}
        studentSidebar={() => <p>Student sidebar</p>}
        tutorSidebar={(page) => <TutorSidebar tutorId="myself" route={page.route} paths={paths('myself')} />}
      />,
    );
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link', { name: 'Schedule' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
