import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/index.ts';
import { configureApi, request } from '../../../src/api/http.ts';

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  form?: Record<string, string>;
  body?: { type: string | null; size: number };
}

let sent: Sent[] = [];
let answer: () => Promise<Response>;

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  sent = [];
  answer = () => json({ status: 'success', data: { ok: 1 } });
  configureApi({
    baseUrl: '',
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://test');
      const record: Sent = { method: init.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) };
      if (init.body instanceof FormData) {
        record.form = Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, String(v)]));
      } else if (init.body instanceof Blob) {
        record.body = { type: new Headers(init.headers).get('content-type'), size: init.body.size };
      }
      sent.push(record);
      return answer();
    }) as typeof fetch,
  });
});

afterEach(() => vi.restoreAllMocks());

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });

/** Every call of both specs' call tables (plus logout and health), with the exact request it must send. */
const calls: [string, () => Promise<unknown>, Sent][] = [
  // spec 1 §7
  ['getMyCustomer', () => api.getMyCustomer(), { method: 'GET', path: '/api/customers/myself', query: {} }],
  ['getMyGradebooks', () => api.getMyGradebooks(), { method: 'GET', path: '/api/customers/myself/gradebooks', query: {} }],
  ['getPrices', () => api.getPrices(), { method: 'GET', path: '/api/prices', query: {} }],
  ['getCourses', () => api.getCourses(), { method: 'GET', path: '/api/courses', query: {} }],
  ['getSlots', () => api.getSlots({ course: 3, capacity: 2, course_style: 'online' }),
    { method: 'GET', path: '/api/slots', query: { course: '3', capacity: '2', course_style: 'online', subscription: 'true' } }],
  ['getMeetings', () => api.getMeetings({ course: 3, capacity: 1, course_style: 'in-person' }),
    { method: 'GET', path: '/api/meetings', query: { course: '3', capacity: '1', course_style: 'in-person' } }],
  ['getTutors', () => api.getTutors(), { method: 'GET', path: '/api/tutors', query: {} }],
  ['requestLoginLink', () => api.requestLoginLink('customer', ' Alex@Example.COM '),
    { method: 'POST', path: '/api/login', query: { user_type: 'customer', email: 'alex@example.com' } }],
  ['requestLoginLink back to a page', () => api.requestLoginLink('tutor', 'jordan@beacontutoring.com', '/tutors/myself/dashboard/history'),
    { method: 'POST', path: '/api/login', query: { user_type: 'tutor', email: 'jordan@beacontutoring.com', next: '/tutors/myself/dashboard/history' } }],
  ['checkAuth', () => api.checkAuth(), { method: 'GET', path: '/api/checkauth', query: {} }],
  ['createCustomer', () => api.createCustomer({ email: 'New@Example.com', phone: '2065550100', firstname: 'Ana', lastname: 'Li' }),
    { method: 'POST', path: '/api/customers', query: {}, form: { email: 'new@example.com', phone: '2065550100', firstname: 'Ana', lastname: 'Li' } }],
  ['createPayment', () => api.createPayment({ meeting: 9, course_style: 'online', capacity: 1, offering: 4 }),
    { method: 'POST', path: '/api/payments', query: {}, form: { meeting: '9', course_style: 'online', capacity: '1', offering: '4' } }],
  ['bookWithHours', () => api.bookWithHours({ meeting: 9, course_style: 'online', capacity: 1, offering: 4 }),
    { method: 'POST', path: '/api/payments', query: {}, form: { meeting: '9', course_style: 'online', capacity: '1', offering: '4', pay_with: 'credits' } }],
  ['createSubscription', () => api.createSubscription({ meeting: 9, slot: 2, course_style: 'in-person', capacity: 2, offering: 4 }),
    { method: 'POST', path: '/api/subscriptions', query: {}, form: { meeting: '9', slot: '2', course_style: 'in-person', capacity: '2', offering: '4' } }],
  ['bookWeeklyWithHours', () => api.bookWeeklyWithHours({ meeting: 9, slot: 2, course_style: 'online', capacity: 1, offering: 4 }),
    { method: 'POST', path: '/api/subscriptions', query: {}, form: { meeting: '9', slot: '2', course_style: 'online', capacity: '1', offering: '4', pay_with: 'credits' } }],
  ['requestVerificationCode', () => api.requestVerificationCode({ email: 'alex@example.com' }),
    { method: 'POST', path: '/api/verification', query: {}, form: { email: 'alex@example.com' } }],
  ['requestVerificationCode by phone', () => api.requestVerificationCode({ phone: '2065550199' }),
    { method: 'POST', path: '/api/verification', query: {}, form: { phone: '2065550199' } }],
  ['verifyCode', () => api.verifyCode(12, '0123456'), { method: 'GET', path: '/api/verification', query: { code_id: '12', code: '0123456' } }],
  // spec 2 §7
  ['getCustomerGradebooks', () => api.getCustomerGradebooks(7), { method: 'GET', path: '/api/customers/7/gradebooks', query: {} }],
  ['getMyPayments', () => api.getMyPayments(), { method: 'GET', path: '/api/customers/myself/payments', query: {} }],
  ['skipPayment', () => api.skipPayment(31), { method: 'POST', path: '/api/payments/31/skip', query: {} }],
  ['cancelSubscription', () => api.cancelSubscription(5), { method: 'POST', path: '/api/subscriptions/5/cancel', query: {} }],
  ['cancelMeeting', () => api.cancelMeeting(8), { method: 'POST', path: '/api/meetings/8/cancel', query: {} }],
  ['previewOvertime', () => api.previewOvertime(8, 95), { method: 'GET', path: '/api/meetings/8/overtime', query: { duration_mins: '95' } }],
  ['refundOvertime', () => api.refundOvertime(44, 'Ended on time'), { method: 'POST', path: '/api/payments/44/refund', query: {}, form: { reason: 'Ended on time' } }],
  ['deleteHour', () => api.deleteHour(8), { method: 'DELETE', path: '/api/meetings/8', query: {} }],
  ['endSeries', () => api.endSeries(12, 1796716800), { method: 'POST', path: '/api/slots/12/end', query: {}, form: { from_epoch: '1796716800' } }],
  ['endSeries (dry run)', () => api.endSeries(12, 1796716800, true), { method: 'POST', path: '/api/slots/12/end', query: { dry_run: 'true' }, form: { from_epoch: '1796716800' } }],
  ['getReassignCandidates', () => api.getReassignCandidates(8), { method: 'GET', path: '/api/meetings/8/reassign-candidates', query: {} }],
  ['getReassignCandidates (a series from a day)', () => api.getReassignCandidates(8, '2026-12-01'),
    { method: 'GET', path: '/api/meetings/8/reassign-candidates', query: { from_date: '2026-12-01' } }],
  ['reassignMeeting', () => api.reassignMeeting(8, { tutor: 3 }), { method: 'POST', path: '/api/meetings/8/reassign', query: {}, form: { tutor: '3' } }],
  ['reassignMeeting (another time)', () => api.reassignMeeting(8, { tutor: 3, occurrence_epoch: 1_790_000_000 }),
    { method: 'POST', path: '/api/meetings/8/reassign', query: {}, form: { tutor: '3', occurrence_epoch: '1790000000' } }],
  ['reassignMeeting (a series from a day)', () => api.reassignMeeting(8, { tutor: 'myself', from_date: '2026-12-01' }),
    { method: 'POST', path: '/api/meetings/8/reassign', query: {}, form: { tutor: 'myself', from_date: '2026-12-01' } }],
  ['getDaysOff', () => api.getDaysOff('myself'), { method: 'GET', path: '/api/tutors/myself/days-off', query: {} }],
  ['takeDaysOff', () => api.takeDaysOff(3, { first_day: '2027-12-24', last_day: '2028-01-02' }), { method: 'POST', path: '/api/tutors/3/days-off', query: {}, form: { first_day: '2027-12-24', last_day: '2028-01-02' } }],
  ['takeBackDaysOff', () => api.takeBackDaysOff('myself', 5), { method: 'DELETE', path: '/api/tutors/myself/days-off/5', query: {} }],
  ['setMeetingNotes', () => api.setMeetingNotes(8, 'Covered recursion'),
    { method: 'POST', path: '/api/meetings/8/notes', query: {}, form: { notes: 'Covered recursion' } }],
  ['setMeetingOccurrence', () => api.setMeetingOccurrence(8, 1_790_000_000),
    { method: 'POST', path: '/api/meetings/8/occurrence_epoch', query: {}, form: { occurrence_epoch: '1790000000' } }],
  ['setMeetingDuration', () => api.setMeetingDuration(8, 90),
    { method: 'POST', path: '/api/meetings/8/duration_mins', query: {}, form: { duration_mins: '90' } }],
  ['createMeeting', () => api.createMeeting({ occurrence_epoch: 1_790_000_000, tutor: 'myself' }),
    { method: 'POST', path: '/api/meetings', query: {}, form: { occurrence_epoch: '1790000000', tutor: 'myself' } }],
  ['createSlot', () => api.createSlot({ duration_mins: 60, anchor_epoch: 1_790_000_000, tutor: 'myself' }),
    { method: 'POST', path: '/api/slots', query: {}, form: { duration_mins: '60', anchor_epoch: '1790000000', tutor: 'myself' } }],
  ['getGuarantee', () => api.getGuarantee(5), { method: 'GET', path: '/api/gradebooks/5/guarantee', query: {} }],
  ['claimGuarantee', () => api.claimGuarantee(5, 'D'), { method: 'POST', path: '/api/gradebooks/5/guarantee/claim', query: {}, form: { final_grade: 'D' } }],
  ['getClaims', () => api.getClaims(), { method: 'GET', path: '/api/guarantee-claims', query: {} }],
  ['approveClaim', () => api.approveClaim(3), { method: 'POST', path: '/api/guarantee-claims/3/approve', query: {} }],
  ['declineClaim', () => api.declineClaim(3, 'Passed'), { method: 'POST', path: '/api/guarantee-claims/3/decline', query: {}, form: { reason: 'Passed' } }],
  ['getCategories', () => api.getCategories(4), { method: 'GET', path: '/api/gradebooks/4/categories', query: {} }],
  ['createCategory', () => api.createCategory(4, { name: 'Homework', weight_percent: 40, drops: 1 }),
    { method: 'POST', path: '/api/gradebooks/4/categories', query: {}, form: { name: 'Homework', weight_percent: '40', drops: '1' } }],
  ['deleteCategory', () => api.deleteCategory(4, 6), { method: 'DELETE', path: '/api/gradebooks/4/categories/6', query: {} }],
  ['getGrades', () => api.getGrades(4, 6), { method: 'GET', path: '/api/gradebooks/4/categories/6/grades', query: {} }],
  ['createGrade', () => api.createGrade(4, 6, { name: 'HW 1', due_date: 1_790_000_000, points_recieved_hundreths: 1850, points_total_hundreths: 2000 }),
    { method: 'POST', path: '/api/gradebooks/4/categories/6/grades', query: {},
      form: { name: 'HW 1', due_date: '1790000000', points_recieved_hundreths: '1850', points_total_hundreths: '2000' } }],
  ['deleteGrade', () => api.deleteGrade(4, 6, 11), { method: 'DELETE', path: '/api/gradebooks/4/categories/6/grades/11', query: {} }],
  ['archiveGradebook', () => api.archiveGradebook(4), { method: 'POST', path: '/api/gradebooks/4/archive', query: {} }],
  ['getTutorGradebooks (myself, show all)', () => api.getTutorGradebooks('myself', true),
    { method: 'GET', path: '/api/tutors/myself/gradebooks', query: { show_all: 'true' } }],
  ['getTutorGradebooks (by id)', () => api.getTutorGradebooks(3, false),
    { method: 'GET', path: '/api/tutors/3/gradebooks', query: { show_all: 'false' } }],
  ['getTutor', () => api.getTutor('myself'), { method: 'GET', path: '/api/tutors/myself', query: {} }],
  ['createTutor', () => api.createTutor({ name: 'Rae', email: 'rae@beacontutoring.com', phone: '(206) 555-0177', background: 'Physics' }),
    { method: 'POST', path: '/api/tutors', query: {}, form: { name: 'Rae', email: 'rae@beacontutoring.com', phone: '2065550177', background: 'Physics' } }],
  ['getTutorMeetings', () => api.getTutorMeetings(3), { method: 'GET', path: '/api/tutors/3/meetings', query: {} }],
  ['getTutorOfferings', () => api.getTutorOfferings(3), { method: 'GET', path: '/api/tutors/3/offerings', query: {} }],
  ['setTutorBackground', () => api.setTutorBackground(3, 'New bio'),
    { method: 'POST', path: '/api/tutors/3/background', query: {}, form: { background: 'New bio' } }],
  ['uploadTutorPhoto', () => api.uploadTutorPhoto(3, photo),
    { method: 'POST', path: '/api/tutors/3/photo', query: {}, body: { type: 'image/jpeg', size: 4 } }],
  ['archiveTutor', () => api.archiveTutor(3, false), { method: 'POST', path: '/api/tutors/3/archive', query: { unarchive: 'false' } }],
  ['unarchiveTutor', () => api.archiveTutor(3, true), { method: 'POST', path: '/api/tutors/3/archive', query: { unarchive: 'true' } }],
  ['getRecentSessions', () => api.getRecentSessions({ occurrence_epoch: 1_790_000_000, id: 41 }, 20), { method: 'GET', path: '/api/meetings/recent', query: { before: '1790000000', before_id: '41', limit: '20' } }],
  ['getTeamHours', () => api.getTeamHours(1_790_000_000, 1_790_600_000), { method: 'GET', path: '/api/team/hours', query: { from: '1790000000', to: '1790600000' } }],
  ['createOffering', () => api.createOffering({ tutor: 3, course: 5, qualification: 'A in CS 121' }),
    { method: 'POST', path: '/api/offerings', query: {}, form: { tutor: '3', course: '5', qualification: 'A in CS 121' } }],
  ['archiveOffering', () => api.archiveOffering(12), { method: 'POST', path: '/api/offerings/12/archive', query: {} }],
  ['loginWithToken', () => api.loginWithToken('tok_abc'), { method: 'GET', path: '/api/login', query: { token: 'tok_abc' } }],
  ['continueWithToken', () => api.continueWithToken('tok_abc'), { method: 'POST', path: '/api/login/continue', query: {}, form: { token: 'tok_abc' } }],
  ['continueWithCode', () => api.continueWithCode(12, '0123456'), { method: 'POST', path: '/api/verification/continue', query: {}, form: { code_id: '12', code: '0123456' } }],
  ['approveDuration', () => api.approveDuration(7, 75), { method: 'POST', path: '/api/meetings/7/duration-approval', query: {}, form: { minutes: '75' } }],
  ['approvePayrollDurations', () => api.approvePayrollDurations(3, '2026-11-09'), { method: 'POST', path: '/api/payroll/approve-durations', query: {}, form: { tutor: '3', first_day: '2026-11-09' } }],
  // calls this product adds
  ['getCatalogCourses', () => api.getCatalogCourses(), { method: 'GET', path: '/api/courses', query: { show_archived: 'true' } }],
  ['createCourse', () => api.createCourse({ course_number: 'CS 499', course_name: 'Capstone', school: 'university' }),
    { method: 'POST', path: '/api/courses', query: {}, form: { course_number: 'CS 499', course_name: 'Capstone', school: 'university' } }],
  ['updateCourse', () => api.updateCourse(5, { course_name: 'Calculus I' }), { method: 'POST', path: '/api/courses/5', query: {}, form: { course_name: 'Calculus I' } }],
  ['archiveCourse', () => api.archiveCourse(5, false), { method: 'POST', path: '/api/courses/5/archive', query: { unarchive: 'false' } }],
  ['importCourses (preview)', () => api.importCourses(new Blob(['course_number,course_name,school\n']), true),
    { method: 'POST', path: '/api/courses/import', query: { dry_run: 'true' }, body: { type: 'text/csv', size: 33 } }],
  ['getPriceHistory', () => api.getPriceHistory(), { method: 'GET', path: '/api/prices/history', query: {} }],
  ['getCatalogPackages', () => api.getCatalogPackages(), { method: 'GET', path: '/api/packages', query: { show_archived: 'true' } }],
  ['createPackage', () => api.createPackage({ name: 'Finals', hours: 6, bonus_hours: 1, capacity: 2, price_cents: 19950, valid_days: 60 }),
    { method: 'POST', path: '/api/packages', query: {}, form: { name: 'Finals', hours: '6', bonus_hours: '1', capacity: '2', price_cents: '19950', valid_days: '60' } }],
  ['archivePackage', () => api.archivePackage(4, true), { method: 'POST', path: '/api/packages/4/archive', query: { unarchive: 'true' } }],
  ['getPackagesOnSale', () => api.getPackagesOnSale(), { method: 'GET', path: '/api/packages', query: {} }],
  ['getMyCredits', () => api.getMyCredits(), { method: 'GET', path: '/api/customers/myself/credits', query: {} }],
  ['buyPackage', () => api.buyPackage(2), { method: 'POST', path: '/api/package-purchases', query: {}, form: { package: '2' } }],
  ['getUnusedPurchases', () => api.getUnusedPurchases(), { method: 'GET', path: '/api/credit-lots', query: {} }],
  ['refundUnusedHours', () => api.refundUnusedHours(7, 'Moving away'), { method: 'POST', path: '/api/credit-lots/7/refund', query: {}, form: { reason: 'Moving away' } }],
  ['getCustomerCredits', () => api.getCustomerCredits(12), { method: 'GET', path: '/api/customers/12/credits', query: {} }],
  ['getTutorHours', () => api.getTutorHours('myself', '2026-11-27'), { method: 'GET', path: '/api/tutors/myself/hours', query: { day: '2026-11-27' } }],
  ['getPayRates', () => api.getPayRates(3), { method: 'GET', path: '/api/tutors/3/rates', query: {} }],
  ['setPayRate', () => api.setPayRate(3, 3250, '2026-11-23'),
    { method: 'POST', path: '/api/tutors/3/rates', query: {}, form: { hourly_rate_cents: '3250', effective_day: '2026-11-23' } }],
  ['getPayroll', () => api.getPayroll('2026-11-10'), { method: 'GET', path: '/api/payroll', query: { day: '2026-11-10' } }],
  ['getReport', () => api.getReport('2026-10-01', '2026-10-31'), { method: 'GET', path: '/api/reports', query: { from: '2026-10-01', to: '2026-10-31' } }],
  ['markPayrollPaid', () => api.markPayrollPaid('2026-11-09'), { method: 'POST', path: '/api/payroll/paid', query: {}, form: { first_day: '2026-11-09' } }],
  ['getOnboarding', () => api.getOnboarding(3), { method: 'GET', path: '/api/tutors/3/onboarding', query: {} }],
  ['setOnboardingItem', () => api.setOnboardingItem(3, 'i9', true), { method: 'POST', path: '/api/tutors/3/onboarding', query: {}, form: { item: 'i9', done: 'true' } }],
  ['getTeamOnboarding', () => api.getTeamOnboarding(), { method: 'GET', path: '/api/team/onboarding', query: {} }],
  ['changePrice', () => api.changePrice({ frequency: 'weekly', capacity: 2, price_cents: 3250 }),
    { method: 'POST', path: '/api/prices', query: {}, form: { frequency: 'weekly', capacity: '2', price_cents: '3250' } }],
  ['confirmOfflinePayment', () => api.confirmOfflinePayment('pi_1_secret_2', '4242 4242 4242 4242'),
    { method: 'POST', path: '/api/offline-payments/confirm', query: {}, form: { client_secret: 'pi_1_secret_2', card_number: '4242 4242 4242 4242' } }],
  ['createPayment (reminder texts off)', () => api.createPayment({ meeting: 9, course_style: 'online', capacity: 1, offering: 4, text_reminders: false }),
    { method: 'POST', path: '/api/payments', query: {}, form: { meeting: '9', course_style: 'online', capacity: '1', offering: '4', text_reminders: 'false' } }],
  ['createSubscription (reminder texts on)', () => api.createSubscription({ meeting: 9, slot: 2, course_style: 'online', capacity: 1, offering: 4, text_reminders: true }),
    { method: 'POST', path: '/api/subscriptions', query: {}, form: { meeting: '9', slot: '2', course_style: 'online', capacity: '1', offering: '4', text_reminders: 'true' } }],
  ['getCalendarFeed', () => api.getCalendarFeed(), { method: 'GET', path: '/api/calendar-feed', query: {} }],
  ['createCalendarFeed', () => api.createCalendarFeed(), { method: 'POST', path: '/api/calendar-feed', query: {} }],
  ['deleteCalendarFeed', () => api.deleteCalendarFeed(), { method: 'DELETE', path: '/api/calendar-feed', query: {} }],
  ['stopTextReminders', () => api.stopTextReminders('12', '0123456789abcdef01234567'),
    { method: 'POST', path: '/api/text-reminders/stop', query: {}, form: { customer: '12', signature: '0123456789abcdef01234567' } }],
  ['logout', () => api.logout(), { method: 'POST', path: '/api/logout', query: {} }],
  ['getHealth', () => api.getHealth(), { method: 'GET', path: '/api/health', query: {} }],
  ['reportClientError', () => api.reportClientError({ name: 'ChunkLoadError', message: 'Failed to fetch', where: 'booking step 3', page: '/', chunk_url: '/_astro/a.js' }),
    { method: 'POST', path: '/api/client-errors', query: {}, form: { name: 'ChunkLoadError', message: 'Failed to fetch', where: 'booking step 3', page: '/', chunk_url: '/_astro/a.js' } }],
];

describe.each(calls)('%s', (_name, call, expected) => {
  it('sends exactly the contract request', async () => {
    await call();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(expected);
  });

  it('returns the success envelope', async () => {
    answer = () => json({ status: 'success', data: { id: 1 } });
    expect(await call()).toEqual({ status: 'success', data: { id: 1 } });
  });

  it('returns a failure envelope whatever the HTTP status', async () => {
    answer = () => json({ status: 'failure', error: { type: 'NotAuthorized' } }, 403);
    expect(await call()).toEqual({ status: 'failure', error: { type: 'NotAuthorized' } });
  });

  it('turns a network failure into a distinct outcome', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await call()).toEqual({ status: 'network-error', error: { type: 'NetworkError', message: 'Failed to fetch' } });
  });
});

describe('request', () => {
  it('reports an answer that is not an envelope as BadResponse', async () => {
    answer = () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await request('GET', '/api/courses')).toEqual({
      status: 'failure',
      error: { type: 'BadResponse', message: 'Unexpected answer (HTTP 502)' },
    });
    answer = () => json({ hello: 'world' });
    expect((await request('GET', '/api/courses')).status).toBe('failure');
  });

  it('leaves out empty query values and encodes path segments', async () => {
    await request('GET', `/api/tutors/${encodeURIComponent('a/b')}`, { query: { a: undefined, b: null, c: 0, d: false } });
    expect(sent[0]).toEqual({ method: 'GET', path: '/api/tutors/a%2Fb', query: { c: '0', d: 'false' } });
  });

  it('rethrows when the caller aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    answer = () => Promise.reject(new DOMException('Aborted', 'AbortError'));
    await expect(request('GET', '/api/courses', { signal: controller.signal })).rejects.toThrow('Aborted');
  });
});

/**
 * Grade creation, the photo upload and create tutor answer `error` as the bare type name, the
 * extra fields beside it (CONTRACT.md, "Envelope and encodings"); the client reads them as every
 * other failure, `error: {type, …}`, so the screens read one shape.
 */
describe('the failures whose error is the bare type name', () => {
  it('reads grade creation\'s as {type}', async () => {
    answer = () => json({ status: 'failure', error: 'GradeAlreadyExists' }, 409);
    const input = { name: 'Quiz', due_date: 1_790_000_000, points_recieved_hundreths: 1, points_total_hundreths: 2 };
    expect(await api.createGrade(1, 2, input)).toEqual({ status: 'failure', error: { type: 'GradeAlreadyExists' } });
  });

  it("reads the photo upload's with its fields", async () => {
    answer = () => json({ status: 'failure', error: 'BadInput', fields: { _: 'Request body too large' } }, 413);
    expect(await api.uploadTutorPhoto('myself', photo)).toEqual({ status: 'failure', error: { type: 'BadInput', fields: { _: 'Request body too large' } } });
  });

  it("reads create tutor's, and still the {type} shape of the same call", async () => {
    const hire = { name: 'Casey', email: 'casey@beacontutoring.com', phone: '2065550101', background: '' };
    answer = () => json({ status: 'failure', error: 'AlreadyExists' }, 409);
    expect(await api.createTutor(hire)).toEqual({ status: 'failure', error: { type: 'AlreadyExists' } });
    answer = () => json({ status: 'failure', error: { type: 'AlreadyExists' } }, 409);
    expect(await api.createTutor(hire)).toEqual({ status: 'failure', error: { type: 'AlreadyExists' } });
  });

  it('is not taken for a failure when error is neither a name nor an object with one', async () => {
    answer = () => json({ status: 'failure', error: 42 }, 500);
    expect(await api.createTutor({ name: 'C', email: 'c@beacontutoring.com', phone: '2065550101', background: '' })).toEqual({
      status: 'failure',
      error: { type: 'BadResponse', message: 'Unexpected answer (HTTP 500)' },
    });
  });
});

describe('meetingCalendarPath', () => {
  it("is the meeting's .ics download address, its id encoded", () => {
    expect(api.meetingCalendarPath(8)).toBe('/api/meetings/8/calendar');
    expect(api.meetingCalendarPath('a/b')).toBe('/api/meetings/a%2Fb/calendar');
    // The addresses of first reads the page may bring (src/api/first-answers.ts), as the calls ask for them.
    expect(api.tutorPath('myself')).toBe('/api/tutors/myself');
    expect(api.tutorMeetingsPath(3)).toBe('/api/tutors/3/meetings');
    expect(api.tutorMeetingsPath(3, { from: 1_790_000_000, to: 1_790_600_000 })).toBe('/api/tutors/3/meetings?from=1790000000&to=1790600000');
  });
});

describe('coverage of the call tables', () => {
  it('has a test above for every exported call function', () => {
    const tested = new Set(calls.map(([name]) => name.split(' ')[0]));
    tested.add('archiveTutor');
    // Addresses, not calls (tested above).
    for (const name of ['meetingCalendarPath', 'tutorPath', 'tutorMeetingsPath']) tested.add(name);
    const exported = Object.entries(api)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .filter((name) => !['request', 'send', 'envelopeOf', 'configureApi', 'segment'].includes(name));
    expect(exported.filter((name) => !tested.has(name))).toEqual([]);
  });
});
