// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type FirstAnswers, firstData } from '../../../src/api/first-answers.ts';
import { $router } from '../../../src/features/dashboard/router.ts';
import type { Payment } from '../../../src/contract/entities.ts';
import { renderDashboard } from '../../../src/islands/render-dashboard.tsx';
import { listPageSpan, spanQuery, weekAt } from '../../../src/lib/week-range.ts';
import { alex, HOUR, item, meeting, openSlot, payment } from '../tutor/fixtures.ts';

/** The server's render of the dashboards' first screen (the same components as the browser's). */
const NOW = Date.parse('2026-11-24T18:00:00Z');
const moment = { nowMs: NOW, zone: 'America/New_York' };
const at = (hoursFromNow: number) => NOW / 1000 + hoursFromNow * HOUR;

// 9:00 PM in New York on Nov 24, 6:00 PM on campus; and one within the 12 hours skip closes at.
const evening = meeting(0, { occurrence_epoch: at(8), course_style: 'in-person' });
const nextWeek = meeting(0, { occurrence_epoch: at(8 + 7 * 24), offering: { course: { course_number: 'MATH 124', course_name: 'Calculus I' } } });
const lastWeek = meeting(0, { occurrence_epoch: at(-7 * 24), offering: { course: { course_number: 'MATH 126', course_name: 'Calculus III' } } });

const success = (data: unknown) => [200, { status: 'success', data }] as [number, unknown];
const studentAnswers = (payments: Payment[]): FirstAnswers => ({
  '/api/customers/myself': success({ ...alex, credits: 2 }),
  '/api/customers/myself/gradebooks': success([{ id: 4, course: { course_number: 'CS 121', course_name: 'Intro to Programming I' } }]),
  '/api/customers/myself/payments': success(payments),
});

const jordan = { id: 2, name: 'Jordan Alvarez', role: 'Tutor', background: '', email: 'jordan@beacontutoring.com', phone: '2065550102' };
const tutorAnswers: FirstAnswers = {
  '/api/checkauth': success({ user_type: 'tutor', tutor: { id: 2, name: 'Jordan Alvarez', role: 'Tutor' } }),
  '/api/tutors/myself': success(jordan),
  // The list's first page, as the server reads it for the page (server/dashboard-shell.ts).
  [`/api/tutors/myself/meetings${spanQuery(listPageSpan(weekAt(NOW, moment.zone), 0, moment.zone))}`]: success([item(evening), item(openSlot(0, { occurrence_epoch: at(30) }), [])]),
};

describe("the server's render of a dashboard", () => {
  it("writes the student's sidebar and upcoming sessions from the answers, in the viewer's zone and at the server's moment", () => {
    const html = renderDashboard({ path: '/student/dashboard', answers: studentAnswers([payment(evening), payment(nextWeek), payment(lastWeek)]), moment });
    expect(html).toContain('Hi, Alex');
    expect(html).toContain('Credits: <!-- -->2');
    expect(html).toContain('href="/student/dashboard/grades/4"');
    expect(html).toContain('<h1 id="sessions-title">Upcoming Sessions</h1>');
    expect(html).toContain('Tuesday, November 24, 2026');
    expect(html).toContain('9:00–10:00 PM EST');
    expect(html).toContain('(6:00–7:00 PM PST on campus)');
    expect(html).toContain('Calculus I<');
    // The past meeting is history; skip has closed on the one 8 hours away, not on next week's.
    expect(html).not.toContain('Calculus III');
    expect(html.match(/Skipping closes 12 hours before the start/g)).toHaveLength(1);
    // The photos wait for the browser's paint, the calendar feed for its button: as its first render.
    expect(html).not.toMatch(/<img[^>]* src=/);
    expect(html).toMatch(/<button aria-expanded="false"[^>]*><span>Calendar feed<\/span><\/button>/);
    expect(html).not.toContain('Loading your calendar feed…');
    // Nothing suspended: no boundary left for the browser to render.
    expect(html).not.toContain('<!--$!-->');
  });

  it("renders each request from its own address and answers only, and leaves no module state behind (the browser's router, the page's answers)", () => {
    const first = renderDashboard({ path: '/student/dashboard', answers: studentAnswers([payment(evening)]), moment });
    expect(first).toContain('Hi, Alex');
    // The next request, another address and no answers: nothing of the first shows.
    const next = renderDashboard({ path: '/student/dashboard/history', answers: {}, moment });
    expect(next).toContain('Previous Sessions');
    expect(next).not.toContain('Hi, Alex');
    // An address that is no route shows the not-found view, not the page of the request before.
    const unknown = renderDashboard({ path: '/student/dashboard/nowhere', answers: studentAnswers([]), moment });
    expect(unknown).not.toContain('Upcoming Sessions');
    expect(unknown).not.toContain('Previous Sessions');
    expect($router.get()).toBeUndefined();
    expect(firstData('/api/customers/myself')).toBeUndefined();
  });

  it('shows what the browser would show first when a read did not come with the page', () => {
    const html = renderDashboard({ path: '/student/dashboard/history', answers: {}, moment });
    expect(html).toContain('<h1 id="sessions-title">Previous Sessions</h1>');
    expect(html).toContain('Loading your sessions…');
    expect(html).not.toContain('Hi,');
  });

  it("keeps each request's answers and address to its own render", () => {
    renderDashboard({ path: '/student/dashboard', answers: studentAnswers([payment(evening)]), moment });
    const next = renderDashboard({ path: '/student/dashboard/history', answers: {}, moment });
    expect(next).not.toContain('Alex');
    expect(next).toContain('Previous Sessions');
    // An address that cannot be read fails every time, never showing the page of the one before.
    renderDashboard({ path: '/tutors/42/dashboard/gradebooks/7', answers: {}, moment });
    for (let i = 0; i < 2; i++) expect(() => renderDashboard({ path: '/student/dashboard/grades/%E0%A4', answers: {}, moment })).toThrow(URIError);
  });

  it("writes a tutor's sidebar and Schedule from the answers, the cards with their times and customers", () => {
    const html = renderDashboard({ path: '/tutors/myself/dashboard/schedule', answers: tutorAnswers, moment });
    expect(html).toContain('<strong class="_profileName_');
    expect(html).toMatch(/>Jordan<\/strong>/);
    expect(html).toMatch(/aria-current="page"><span class="[^"]+">Schedule</);
    expect(html).toContain('<h1 id="schedule-title">Schedule</h1>');
    expect(html).toMatch(/<button aria-expanded="false"[^>]*><span>Calendar feed<\/span><\/button>/);
    expect(html.match(/<article /g)).toHaveLength(1);
    expect(html).toContain('9:00–10:00 PM EST');
    expect(html).toContain('Alex Rivera');
    // The tutor's first screen is the page's own: no loading state, nothing left for the browser.
    expect(html).not.toContain('Loading');
    expect(html).not.toContain('<!--$!-->');
  });

  it("writes a tutor's Availability opened directly: the unbooked hours, not the booked ones", () => {
    const html = renderDashboard({ path: '/tutors/myself/dashboard/availability', answers: tutorAnswers, moment });
    expect(html).toContain('>Manage Availability</h1>');
    expect(html).toContain('aria-label="Add availability"');
    expect(html.match(/<article /g)).toHaveLength(1);
    expect(html).toContain('This slot is unbooked');
    expect(html).not.toContain('Alex Rivera');
    expect(html).not.toContain('Loading');
  });

  it("shows a tutor's screen loading when its read did not come with the page, and a supervisor screen loaded on demand as its loading state", () => {
    const schedule = renderDashboard({ path: '/tutors/myself/dashboard', answers: {}, moment });
    expect(schedule).toContain('aria-label="Dashboard"');
    expect(schedule).toContain('Log out');
    expect(schedule).toContain('<h1 id="schedule-title">Schedule</h1>');
    expect(schedule).toContain('Loading your meetings…');
    const team = renderDashboard({ path: '/tutors/myself/dashboard/supervisor', answers: tutorAnswers, moment });
    expect(team).toMatch(/>Jordan<\/strong>/);
    expect(team).toContain('Loading…');
    expect(team).not.toContain('<!--$!-->');
  });
});
