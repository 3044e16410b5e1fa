import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardApp } from '../../src/features/dashboard/DashboardApp.tsx';
import { $router } from '../../src/features/dashboard/router.ts';
import { screenTitles } from '../../src/features/dashboard/screens.ts';
import { fakeApi } from './fake-api.ts';

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
  ['/tutors/myself/dashboard/supervisor', 'tutorSupervisor'],
  ['/tutors/myself/dashboard/all-summaries', 'tutorAllSummaries'],
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

  it('shows the screen of a deep link', () => {
    $router.open('/tutors/myself/dashboard/availability');
    render(<DashboardApp />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(screenTitles.tutorAvailability);
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows a not-found view for an unknown path inside the dashboards', () => {
    window.history.replaceState(null, '', '/student/dashboard/nothing/here');
    $router.open('/student/dashboard/nothing/here');
    render(<DashboardApp />);
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
    render(<DashboardApp screens={{ studentHistory: () => <Broken />, studentUpcoming: () => <h1>Upcoming list</h1> }} />);
    expect(screen.getByRole('main')).toHaveTextContent('Something went wrong on this part of the page.');
    expect(screen.getByRole('link', { name: 'Meeting History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await vi.waitFor(() => expect(reports.map((r) => r.form.where)).toEqual(['dashboard studentHistory']));

    act(() => $router.open('/student/dashboard/upcoming'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Upcoming list');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
