import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { $router } from '../../../src/features/dashboard/router.ts';
import DashboardIsland from '../../../src/islands/DashboardApp.tsx';
import { fakeApi, success } from '../fake-api.ts';
import { item, meeting, openSlot } from './fixtures.ts';

const maya = { id: 5, name: 'Maya Chen', role: 'Supervisor', background: '', email: 'maya@beacontutoring.com', phone: '2065550105' };

describe('the dashboard island on tutor addresses', () => {
  it('loads the tutor sidebar and schedule on first use', async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'tutor', tutor: { id: 5, name: 'Maya Chen', role: 'Supervisor' } }),
      'GET /api/tutors/myself': () => success(maya),
      'GET /api/tutors/myself/meetings': () => success([item(meeting(24)), item(openSlot(30), [])]),
    });
    $router.open('/tutors/myself/dashboard');
    render(<DashboardIsland />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Team View' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('loads the team view on the supervisor route', async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'tutor', tutor: { id: 5, name: 'Maya Chen', role: 'Supervisor' } }),
      'GET /api/tutors/myself': () => success(maya),
      'GET /api/tutors': () => success([maya]),
      'GET /api/team/hours': () => success([{ tutor_id: 5, scheduled_minutes: 90, confirmed_minutes: 90 }]),
    });
    $router.open('/tutors/myself/dashboard/supervisor');
    render(<DashboardIsland />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Team' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: /Maya Chen/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Team View' })).toHaveAttribute('aria-current', 'page');
  });

  it('loads Courses & Prices on the catalog route', async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'tutor', tutor: { id: 5, name: 'Maya Chen', role: 'Supervisor' } }),
      'GET /api/tutors/myself': () => success(maya),
      'GET /api/courses': () => success([{ id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', school: 'university', archived: false, active_offerings: 1 }]),
      'GET /api/prices/history': () => success({ current: [], changes: [] }),
    });
    $router.open('/tutors/myself/dashboard/catalog');
    render(<DashboardIsland />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses & Prices' })).toBeInTheDocument();
    expect(await screen.findByText('Intro to Programming I')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Courses & Prices' })).toHaveAttribute('aria-current', 'page');
  });

  it('loads Embed on the embed route', async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'tutor', tutor: { id: 5, name: 'Maya Chen', role: 'Supervisor' } }),
      'GET /api/tutors/myself': () => success(maya),
      'GET /api/courses': () => success([]),
      'GET /api/embed/origins': () => success({ origins: ['https://club.example.org'] }),
    });
    $router.open('/tutors/myself/dashboard/embed');
    render(<DashboardIsland />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Embed' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove https://club.example.org' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Embed' })).toHaveAttribute('aria-current', 'page');
  });

  it('loads Recent Sessions on the all-summaries route', async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'tutor', tutor: { id: 5, name: 'Maya Chen', role: 'Supervisor' } }),
      'GET /api/tutors/myself': () => success(maya),
      'GET /api/meetings/recent': () => success([item(meeting(-3, { notes: 'Loops and arrays' }))]),
    });
    $router.open('/tutors/myself/dashboard/all-summaries');
    render(<DashboardIsland />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recent Sessions' })).toBeInTheDocument();
    expect(await screen.findByText('Loops and arrays')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Summaries' })).toHaveAttribute('aria-current', 'page');
    // The sidebar's profile card opens the photo dialog (its code is fetched on first use).
    await userEvent.click(await screen.findByRole('button', { name: /^Change Photo: / }));
    expect(await screen.findByRole('dialog', { name: 'Upload a profile photo' })).toBeInTheDocument();
  });
});
