import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardApp } from '../../src/features/dashboard/DashboardApp.tsx';
import { $router } from '../../src/features/dashboard/router.ts';
import { SidebarButton } from '../../src/ui/SidebarButton.tsx';
import { fakeApi } from './fake-api.ts';

/** The app with one sidebar entry per side, naming the route it shows. */
const sidebar = (page: { route: string }) => <SidebarButton name={page.route} selection={page.route} label={`Sidebar of ${page.route}`} href="#" />;
const app = (screens: Parameters<typeof DashboardApp>[0]['screens']) => <DashboardApp screens={screens} studentSidebar={sidebar} tutorSidebar={sidebar} />;

const routes: [string, string][] = [
  ['/student/dashboard', 'studentHome'],
  ['/student/dashboard/', 'studentHome'],
  ['/student/dashboard/upcoming', 'studentUpcoming'],
  ['/student/dashboard/history', 'studentHistory'],
  ['/student/dashboard/grades/42', 'studentGradebook'],
  ['/tutors/myself/dashboard', 'tutorHome'],
  ['/tutors/17/dashboard/schedule', 'tutorSchedule'],
  ['/tutors/myself/dashboard/availability', 'tutorAvailability'],
  ['/tutors/myself/dashboard/history', 'tutorHistory'],
  ['/tutors/myself/dashboard/hours', 'tutorHours'],
  ['/tutors/myself/dashboard/supervisor', 'tutorSupervisor'],
  ['/tutors/myself/dashboard/all-summaries', 'tutorAllSummaries'],
  ['/tutors/myself/dashboard/catalog', 'tutorCatalog'],
  ['/tutors/myself/dashboard/payroll', 'tutorPayroll'],
  ['/tutors/myself/dashboard/reports', 'tutorReports'],
  ['/tutors/myself/dashboard/reports?period=last-month', 'tutorReports'],
  ['/tutors/myself/dashboard/embed', 'tutorEmbed'],
  ['/tutors/myself/dashboard/gradebooks', 'tutorGradebooks'],
  ['/tutors/myself/dashboard/all-gradebooks', 'tutorAllGradebooks'],
  ['/tutors/17/dashboard/gradebooks/5', 'tutorGradebook'],
];

describe('dashboard routes', () => {
  it.each(routes)('%s routes to %s', (path, route) => {
    $router.open(path);
    expect($router.get()?.route).toBe(route);
  });

  it('reads route parameters', () => {
    $router.open('/tutors/17/dashboard/gradebooks/5');
    expect($router.get()?.params).toEqual({ tutorId: '17', gradebookId: '5' });
  });

  it("shows the screen of a deep link, in the frame with its side's sidebar", () => {
    $router.open('/tutors/myself/dashboard/availability');
    render(app({ tutorAvailability: () => <h1>Manage Availability</h1> }));
    expect(screen.getByRole('main')).toHaveTextContent('Manage Availability');
    expect(screen.getByRole('navigation')).toHaveTextContent('Sidebar of tutorAvailability');
    expect(screen.getByRole('link', { name: 'Sidebar of tutorAvailability' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it("a student's route has the student's sidebar, and a route without a screen is not found", () => {
    $router.open('/student/dashboard/history');
    render(<DashboardApp screens={{}} studentSidebar={() => <p>Student sidebar</p>} tutorSidebar={() => <p>Tutor sidebar</p>} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('Student sidebar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });

  it('shows a not-found view for an unknown path inside the dashboards', () => {
    window.history.replaceState(null, '', '/student/dashboard/nothing/here');
    $router.open('/student/dashboard/nothing/here');
    render(app({}));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});

describe('dashboard failures', () => {
  it('a screen that throws leaves the sidebar and the frame, is reported, and the next route shows its screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reports = fakeApi({ 'POST /api/client-errors': () => ({ body: { status: 'success', data: null } }) });
    function Broken(): never {
      throw new Error('Cannot read properties of undefined');
    }
    $router.open('/student/dashboard/history');
    render(app({ studentHistory: () => <Broken />, studentUpcoming: () => <h1>Upcoming list</h1> }));
    expect(screen.getByRole('main')).toHaveTextContent('Something went wrong on this part of the page.');
    expect(screen.getByRole('link', { name: 'Sidebar of studentHistory' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await vi.waitFor(() => expect(reports.map((r) => r.form.where)).toEqual(['dashboard studentHistory']));

    act(() => $router.open('/student/dashboard/upcoming'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Upcoming list');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
