import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { nowMs } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { stripeProvider } from '../../server/payments/stripe.ts';
import { newCustomer } from './booking-helpers.ts';
import { describeApi, fastSignIn, TestClient, type TestContext } from './harness.ts';
import { seededRandom } from '../../server/demo/seeded-random.ts';

/**
 * The hostile-input battery: several hundred generated requests over every route of the API, with
 * hostile values in path parameters, query strings, form bodies, content types and cookies, as
 * anonymous, customer, tutor and supervisor sessions, and with ids of other users' objects. No
 * answer may be a 5xx, and every answer must be the JSON envelope.
 *
 * The requests come from a seeded generator: a failure prints the seed and the request, and
 * `HOSTILE_SEED=<seed>` replays the same run.
 */
const SEED = Number(process.env.HOSTILE_SEED ?? 20261122);
const REQUESTS_PER_ROUTE = Number(process.env.HOSTILE_ROUNDS ?? 8);
const WEBHOOK_SECRET = 'whsec_hostile_battery';

type Random = ReturnType<typeof seededRandom>;

/** Values no field should have to survive, from the classic lists: one is picked per attack. */
const HOSTILE = [
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  '\t\r\n',
  '-1',
  '0',
  '-0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999999',
  '1.5',
  '1e3',
  '1e309',
  '0x10',
  '0b11',
  '0o7',
  '+5',
  ' 12 ',
  '１２',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  'myself',
  'me',
  "' OR '1'='1",
  "1; DROP TABLE customers; --",
  '1 UNION SELECT id_hash FROM sessions',
  '$1',
  '%',
  '%00',
  '%%32%65',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '😀',
  '\u202eevil',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'ß'.repeat(300),
  'x'.repeat(5_000),
  'y'.repeat(100_000),
  'alex@example.com',
  'ALEX@EXAMPLE.COM ',
  'a@b',
  '@',
  'maya@beacontutoring.com\r\nBcc: everyone@example.com',
  '2065550199',
  '(206) 555-0199',
  '4242424242424242',
] as const;

/**
 * The values each single input gets in the sweep (everything else plausible, the route's own
 * session): the ones that have broken servers like this one before.
 */
const KILLERS = ['a\u0000b', '', ' ', '0x10', '1e3', '-99999999999999999999', '1.5', '\uD800', "' OR '1'='1", '<script>alert(1)</script>', 'z'.repeat(5_000)] as const;

/** One input the sweep aims at: a path parameter, a query field or a form field (sent twice when `twice`). */
interface Focus {
  slot: 'path' | 'query' | 'form';
  name: string;
  value: string;
  twice?: boolean;
}

/** Values short enough for a query string or a path. */
const SHORT_HOSTILE = HOSTILE.filter((value) => value.length <= 600);

type Role = 'anonymous' | 'customer' | 'other customer' | 'tutor' | 'supervisor';
const ROLES: Role[] = ['anonymous', 'customer', 'other customer', 'tutor', 'supervisor'];

/** The ids in the seeded database, including objects that belong to other users. */
interface Ids {
  courses: number[];
  tutors: number[];
  customers: number[];
  meetings: number[];
  slots: number[];
  offerings: number[];
  gradebooks: number[];
  categories: number[];
  grades: number[];
  payments: number[];
  subscriptions: number[];
  secrets: string[];
}

async function readIds(ctx: TestContext): Promise<Ids> {
  const { db } = ctx.database;
  const ids = async (table: 'courses' | 'tutors' | 'customers' | 'meetings' | 'slots' | 'offerings' | 'gradebooks' | 'grade_categories' | 'grades' | 'payments' | 'subscriptions') =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(40).execute()).map((row) => row.id);
  const secrets = (await db.selectFrom('payments').select('client_secret').where('client_secret', 'is not', null).limit(10).execute()).map((row) => row.client_secret!);
  return {
    courses: await ids('courses'),
    tutors: await ids('tutors'),
    customers: await ids('customers'),
    meetings: await ids('meetings'),
    slots: await ids('slots'),
    offerings: await ids('offerings'),
    gradebooks: await ids('gradebooks'),
    categories: await ids('grade_categories'),
    grades: await ids('grades'),
    payments: await ids('payments'),
    subscriptions: await ids('subscriptions'),
    secrets,
  };
}

/** A plausible value for each field and path parameter, so that one hostile value reaches deep. */
function plausible(name: string, ids: Ids, r: Random): string {
  const id = (list: number[]) => String(list.length ? r.pick(list) : 1);
  const epoch = () => String(Math.floor(nowMs() / 3_600_000 + 24 + r.int(24 * 60)) * 3600);
  switch (name) {
    case 'id':
      return r.chance(0.3) ? 'myself' : id([...ids.tutors, ...ids.customers, ...ids.gradebooks, ...ids.meetings, ...ids.payments, ...ids.subscriptions, ...ids.offerings]);
    case 'categoryId':
      return id(ids.categories);
    case 'gradeId':
      return id(ids.grades);
    case 'course':
      return id(ids.courses);
    case 'meeting':
      return id(ids.meetings);
    case 'slot':
      return id(ids.slots);
    case 'offering':
      return id(ids.offerings);
    case 'tutor':
      return r.chance(0.5) ? 'myself' : id(ids.tutors);
    case 'capacity':
      return r.pick(['1', '2']);
    case 'course_style':
      return r.pick(['online', 'in-person']);
    case 'customer':
      return id(ids.customers);
    case 'signature':
      return 'c'.repeat(24);
    case 'file':
      return `${'A'.repeat(43)}.ics`;
    case 'item':
      return r.pick(['payroll', 'i9', 'training']);
    case 'done':
    case 'subscription':
    case 'show_all':
    case 'unarchive':
    case 'text_reminders':
    case 'show_archived':
    case 'dry_run':
      return r.pick(['true', 'false']);
    case 'course_number':
      return `HOST ${r.int(1000)}`;
    case 'school':
      return r.pick(['university', 'highschool', 'High School']);
    case 'frequency':
      return r.pick(['weekly', 'onetime']);
    case 'price_cents':
    case 'hourly_rate_cents':
      return String(1000 + r.int(9000));
    case 'user_type':
      return r.pick(['customer', 'tutor']);
    case 'email':
      return r.pick([demoAccounts.customer.email, demoAccounts.tutor.email, demoAccounts.supervisor.email, `hostile${r.int(1e6)}@example.com`]);
    case 'phone':
      return r.pick(['2065550199', `206555${String(r.int(10_000)).padStart(4, '0')}`]);
    case 'token':
      return 'A'.repeat(43);
    case 'code_id':
      return 'B'.repeat(22);
    case 'code':
      return '1234567';
    case 'first_day':
    case 'last_day':
    case 'day':
    case 'effective_day':
    case 'from_date':
      return new Date(nowMs() + (40 + r.int(30)) * 86_400_000).toISOString().slice(0, 10);
    case 'dayOffId':
      return String(1 + r.int(3));
    case 'occurrence_epoch':
    case 'from_epoch':
    case 'anchor_epoch':
    case 'due_date':
    case 'before':
    case 'from':
      return epoch();
    case 'to':
      return String(Number(epoch()) + 30 * 86_400);
    case 'before_id':
      return id(ids.meetings);
    case 'limit':
      return '10';
    case 'duration_mins':
      return r.pick(['60', '90']);
    case 'minutes':
      return r.pick(['60', '75']);
    case 'weight_percent':
      return '10';
    case 'drops':
      return '0';
    case 'points_recieved_hundreths':
      return '900';
    case 'points_total_hundreths':
      return '1000';
    case 'client_secret':
      return ids.secrets.length ? r.pick(ids.secrets) : 'pi_x_secret_y';
    case 'card_number':
      return r.pick(['4242 4242 4242 4242', '4000 0000 0000 0002']);
    case 'origins':
      return r.pick(['https://club.example', 'http://127.0.0.1:4000\nhttps://club.example/', '']);
    case 'page':
    case 'chunk_url':
      return '/student/dashboard';
    default:
      return `Hostile ${name} ${r.int(1e6)}`;
  }
}

interface RouteInputs {
  query?: string[];
  form?: string[];
  /** The body is raw bytes (the photo upload). */
  raw?: boolean;
  /** Answers a document of this media type, not an envelope (the API's own description). */
  document?: string;
}

/**
 * What each route reads, by the contract's field names. Every route of the app must be listed:
 * the battery fails on a route it does not know, so a new route gets attacked too.
 */
const INPUTS: Record<string, RouteInputs> = {
  'GET /api/health': {},
  'GET /api/openapi.json': { document: 'application/json' },
  'GET /api/reference': { document: 'text/html' },
  'GET /api/courses': { query: ['show_archived'] },
  'GET /api/prices': {},
  'POST /api/courses': { form: ['course_number', 'course_name', 'school'] },
  'POST /api/courses/import': { query: ['dry_run'], raw: true },
  'POST /api/courses/:id': { form: ['course_name', 'course_number', 'school'] },
  'POST /api/courses/:id/archive': { query: ['unarchive'] },
  'GET /api/prices/history': {},
  'POST /api/prices': { form: ['frequency', 'capacity', 'price_cents'] },
  'GET /api/packages': { query: ['show_archived'] },
  'POST /api/packages': { form: ['name', 'hours', 'bonus_hours', 'capacity', 'price_cents', 'valid_days'] },
  'POST /api/packages/:id/archive': { query: ['unarchive'] },
  'GET /api/embed/origins': {},
  'PUT /api/embed/origins': { form: ['origins'] },
  'GET /api/tutors': {},
  'GET /api/tutors/:id': {},
  'GET /api/checkauth': {},
  'POST /api/login': { query: ['user_type', 'email'] },
  'GET /api/login': { query: ['token'] },
  'POST /api/verification': { form: ['email', 'phone'] },
  'GET /api/verification': { query: ['code_id', 'code'] },
  'POST /api/login/continue': { form: ['token'] },
  'POST /api/verification/continue': { form: ['code_id', 'code'] },
  'POST /api/logout': {},
  'GET /api/customers/myself': {},
  'GET /api/customers/myself/payments': {},
  'GET /api/customers/myself/credits': {},
  'GET /api/customers/:id/credits': {},
  'GET /api/credit-lots': {},
  'POST /api/credit-lots/:id/refund': { form: ['reason'] },
  'POST /api/package-purchases': { form: ['package'] },
  'POST /api/payments/:id/skip': {},
  'POST /api/subscriptions/:id/cancel': {},
  'GET /api/customers/:id/gradebooks': {},
  'GET /api/gradebooks/:id/categories': {},
  'GET /api/gradebooks/:id/guarantee': {},
  'POST /api/gradebooks/:id/guarantee/claim': { form: ['final_grade'] },
  'GET /api/guarantee-claims': {},
  'POST /api/guarantee-claims/:id/approve': {},
  'POST /api/guarantee-claims/:id/decline': { form: ['reason'] },
  'POST /api/gradebooks/:id/categories': { form: ['name', 'weight_percent', 'drops'] },
  'DELETE /api/gradebooks/:id/categories/:categoryId': {},
  'GET /api/gradebooks/:id/categories/:categoryId/grades': {},
  'POST /api/gradebooks/:id/categories/:categoryId/grades': { form: ['name', 'due_date', 'points_recieved_hundreths', 'points_total_hundreths'] },
  'DELETE /api/gradebooks/:id/categories/:categoryId/grades/:gradeId': {},
  'POST /api/gradebooks/:id/archive': {},
  'GET /api/slots': { query: ['course', 'capacity', 'course_style', 'subscription'] },
  'GET /api/meetings': { query: ['course', 'capacity', 'course_style'] },
  'POST /api/customers': { form: ['email', 'phone', 'firstname', 'lastname'] },
  'POST /api/payments': { form: ['meeting', 'course_style', 'capacity', 'offering', 'text_reminders', 'pay_with'] },
  'POST /api/subscriptions': { form: ['meeting', 'slot', 'course_style', 'capacity', 'offering', 'text_reminders', 'pay_with'] },
  'GET /api/meetings/:id/calendar': {},
  'GET /api/calendar-feed': {},
  'POST /api/calendar-feed': {},
  'DELETE /api/calendar-feed': {},
  'GET /api/calendar-feed/:file': {},
  'POST /api/text-reminders/stop': { form: ['customer', 'signature'] },
  'GET /api/tutors/:id/meetings': {},
  'GET /api/tutors/:id/gradebooks': { query: ['show_all'] },
  'POST /api/meetings': { form: ['occurrence_epoch', 'tutor'] },
  'POST /api/slots': { form: ['duration_mins', 'anchor_epoch', 'tutor'] },
  'POST /api/meetings/:id/notes': { form: ['notes', 'attendance', 'homework', 'private_note'] },
  'POST /api/meetings/:id/occurrence_epoch': { form: ['occurrence_epoch'] },
  'POST /api/meetings/:id/duration_mins': { form: ['duration_mins'] },
  'POST /api/meetings/:id/cancel': { form: ['reason'] },
  'GET /api/meetings/:id/overtime': { query: ['duration_mins'] },
  'POST /api/meetings/:id/duration-approval': { form: ['minutes'] },
  'POST /api/payments/:id/refund': { form: ['reason'] },
  'DELETE /api/meetings/:id': {},
  'GET /api/meetings/:id/reassign-candidates': { query: ['from_date'] },
  'POST /api/meetings/:id/reassign': { form: ['tutor', 'occurrence_epoch', 'from_date'] },
  'POST /api/slots/:id/end': { query: ['dry_run'], form: ['from_epoch'] },
  'GET /api/tutors/:id/days-off': {},
  'POST /api/tutors/:id/days-off': { form: ['first_day', 'last_day'] },
  'DELETE /api/tutors/:id/days-off/:dayOffId': {},
  'POST /api/tutors': { form: ['name', 'email', 'phone', 'background'] },
  'POST /api/tutors/:id/archive': { query: ['unarchive'] },
  'POST /api/tutors/:id/background': { form: ['background'] },
  'POST /api/tutors/:id/photo': { raw: true },
  'GET /api/tutors/:id/offerings': {},
  'POST /api/offerings': { form: ['tutor', 'course', 'qualification'] },
  'POST /api/offerings/:id/archive': {},
  'GET /api/meetings/recent': { query: ['before', 'before_id', 'limit'] },
  'GET /api/team/hours': { query: ['from', 'to'] },
  'GET /api/tutors/:id/hours': { query: ['day'] },
  'GET /api/tutors/:id/rates': {},
  'POST /api/tutors/:id/rates': { form: ['hourly_rate_cents', 'effective_day'] },
  'GET /api/payroll': { query: ['day'] },
  'GET /api/team/onboarding': {},
  'GET /api/tutors/:id/onboarding': {},
  'POST /api/tutors/:id/onboarding': { form: ['item', 'done'] },
  'POST /api/payroll/paid': { form: ['first_day'] },
  'POST /api/payroll/approve-durations': { form: ['tutor', 'first_day'] },
  'GET /api/reports': { query: ['from', 'to'] },
  'POST /api/client-errors': { form: ['name', 'message', 'where', 'page', 'chunk_url'] },
  'POST /api/offline-payments/confirm': { form: ['client_secret', 'card_number'] },
  'POST /api/stripe/webhook': { raw: true },
};

/** A request as the battery built it, printable for a failure report. */
interface Attack {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  describe: string;
}

/** Percent-encoding that survives lone surrogates (sent as U+FFFD, as a browser would). */
const pct = (value: string) => encodeURIComponent(value.toWellFormed());

function encode(value: string): string {
  // Most values go percent-encoded; some raw, to try the server's own decoding of odd bytes.
  return /^[\x20-\x7e]*$/.test(value) && !/[&#=+ ]/.test(value) ? value : pct(value);
}

function focusedValues(fields: string[], ids: Ids, r: Random, focus: Focus): [string, string][] {
  return fields.flatMap((field): [string, string][] => {
    if (field !== focus.name) return [[field, plausible(field, ids, r)]];
    return focus.twice ? [[field, plausible(field, ids, r)], [field, focus.value]] : [[field, focus.value]];
  });
}

function fieldValues(fields: string[], ids: Ids, r: Random, short: boolean): [string, string][] {
  // Mostly one hostile field among plausible ones (so that it gets past the others' checks), at
  // times several, at times none (the plausible request itself, as another user).
  const targets = new Set(r.chance(0.25) ? fields.filter(() => r.chance(0.5)) : fields.length && r.chance(0.9) ? [r.pick(fields)] : []);
  const pairs: [string, string][] = [];
  for (const field of fields) {
    if (r.chance(0.03)) continue; // a field left out
    const value = targets.has(field) ? r.pick(short ? SHORT_HOSTILE : HOSTILE) : plausible(field, ids, r);
    pairs.push([field, value]);
    if (r.chance(0.05)) pairs.push([field, r.pick(SHORT_HOSTILE)]); // the field twice
  }
  if (r.chance(0.1)) pairs.push([`${r.pick(fields.length ? fields : ['x'])}[]`, '1']);
  if (r.chance(0.05)) pairs.push([r.pick(SHORT_HOSTILE), 'stray']);
  return pairs;
}

/** One of the ways a body can be wrong, or right. */
function body(pairs: [string, string][], r: Random, wellFormedOnly = false): { body?: BodyInit; headers: Record<string, string>; describe: string } {
  const wellFormed = ['multipart', 'urlencoded'] as const;
  const wrong = ['json', 'text', 'broken-multipart', 'no-boundary', 'file-part', 'bad-percent', 'none', 'octets'] as const;
  const kind = wellFormedOnly || r.chance(0.65) ? r.pick(wellFormed) : r.pick(wrong);
  switch (kind) {
    case 'multipart': {
      const form = new FormData();
      for (const [key, value] of pairs) form.append(key, value);
      return { body: form, headers: {}, describe: `multipart ${JSON.stringify(pairs).slice(0, 400)}` };
    }
    case 'urlencoded':
      return {
        body: pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        describe: `urlencoded ${JSON.stringify(pairs).slice(0, 400)}`,
      };
    case 'json':
      return { body: JSON.stringify(Object.fromEntries(pairs)), headers: { 'content-type': 'application/json' }, describe: 'json' };
    case 'text':
      return { body: pairs.map(([k, v]) => `${k}=${v}`).join('\n'), headers: { 'content-type': 'text/plain' }, describe: 'text/plain' };
    case 'broken-multipart':
      return {
        body: `--b\r\nContent-Disposition: form-data; name="${pairs[0]?.[0] ?? 'x'}"\r\n\r\n${pairs[0]?.[1] ?? ''}`,
        headers: { 'content-type': r.pick(['multipart/form-data; boundary=b', 'multipart/form-data; boundary=other', 'multipart/form-data; boundary=']) },
        describe: 'truncated multipart',
      };
    case 'no-boundary':
      return { body: 'garbage', headers: { 'content-type': 'multipart/form-data' }, describe: 'multipart without a boundary' };
    case 'file-part': {
      const form = new FormData();
      for (const [key, value] of pairs) {
        if (r.chance(0.5)) form.append(key, new Blob([value], { type: 'application/octet-stream' }), 'f.bin');
        else form.append(key, value);
      }
      return { body: form, headers: {}, describe: 'fields sent as files' };
    }
    case 'bad-percent':
      return { body: 'a=%E0%A4%A&b=%&%zz=1&=&&c', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-7' }, describe: 'malformed urlencoded' };
    case 'octets':
      return { body: new Uint8Array(r.int(4096)).map(() => r.int(256)), headers: { 'content-type': 'application/octet-stream' }, describe: 'random bytes' };
    case 'none':
      return { headers: {}, describe: 'no body' };
  }
}

function rawBody(r: Random, route: string): { body?: BodyInit; headers: Record<string, string>; describe: string } {
  if (route === 'POST /api/stripe/webhook') {
    const payload = r.pick(['', '{}', 'not json', JSON.stringify({ id: r.pick(SHORT_HOSTILE), type: 'payment_intent.succeeded', data: { object: { id: r.pick(SHORT_HOSTILE) } } })]);
    return { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': r.pick(['', 't=1,v1=00', 'garbage', `t=${pct(r.pick(SHORT_HOSTILE))},v1=${pct(r.pick(SHORT_HOSTILE))}`]) }, describe: `unsigned webhook ${payload.slice(0, 80)}` };
  }
  if (route === 'POST /api/courses/import') {
    const cell = () => (r.chance(0.3) ? r.pick(SHORT_HOSTILE) : `HOST ${r.int(1000)}`);
    const lines = ['course_number,course_name,school', ...Array.from({ length: r.int(5) }, () => [cell(), cell(), r.pick(['university', 'highschool', ...SHORT_HOSTILE])].join(','))];
    const csv = r.chance(0.2) ? r.pick(SHORT_HOSTILE) : lines.join(r.pick(['\n', '\r\n']));
    return { body: csv, headers: { 'content-type': r.pick(['text/csv', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x']) }, describe: `csv ${JSON.stringify(csv.slice(0, 200))}` };
  }
  const jpegStart = [0xff, 0xd8, 0xff, 0xe0];
  const size = r.pick([0, 3, 100, 5000, 60_000]);
  const bytes = new Uint8Array(size).map((_, i) => (i < 4 && r.chance(0.7) ? jpegStart[i]! : r.int(256)));
  return { body: bytes, headers: { 'content-type': r.pick(['image/jpeg', 'image/png', 'application/octet-stream', 'multipart/form-data; boundary=x', 'text/plain']) }, describe: `${size} random bytes` };
}

/** A real id of the kind a path's `:id` names (its resource), often another user's. */
function plausibleId(resource: string, ids: Ids, r: Random): string {
  const of = (list: number[]) => String(list.length ? r.pick(list) : 1);
  switch (resource) {
    case 'tutors':
      return r.chance(0.4) ? 'myself' : of(ids.tutors);
    case 'customers':
      return r.chance(0.4) ? 'myself' : of(ids.customers);
    case 'gradebooks':
      return of(ids.gradebooks);
    case 'payments':
      return of(ids.payments);
    case 'subscriptions':
      return of(ids.subscriptions);
    case 'meetings':
      return of(ids.meetings);
    case 'offerings':
      return of(ids.offerings);
    case 'courses':
      return of(ids.courses);
    default:
      return plausible('id', ids, r);
  }
}

function pathWith(route: string, ids: Ids, r: Random, focus?: Focus): string {
  const [, path] = route.split(' ') as [string, string];
  const resource = path.split('/')[2] ?? '';
  const real = (name: string) => (name === 'id' ? plausibleId(resource, ids, r) : plausible(name, ids, r));
  if (focus) return path.replace(/:(\w+)/g, (_, name: string) => (focus.slot === 'path' && focus.name === name ? pct(focus.value) || '%20' : real(name)));
  const built = path.replace(/:(\w+)/g, (_, name: string) => (r.chance(0.25) ? encode(r.pick(SHORT_HOSTILE)) || '%20' : real(name)));
  // A raw '../' would take the address out of /api (to the site's pages): keep it inside, encoded.
  if (new URL(built, 'http://localhost').pathname.startsWith('/api/')) return built;
  return path.replace(/:(\w+)/g, () => pct(r.pick(SHORT_HOSTILE)) || '%20');
}

/** The session a route is meant for, so that most attacks get past the permission checks. */
function fittingRole(route: string): Role | undefined {
  const [method, path] = route.split(' ') as [string, string];
  if (/^\/api\/(gradebooks|customers|payments|subscriptions|offline-payments)\b/.test(path)) return 'customer';
  if (/^\/api\/(team|offerings|meetings\/recent|reports)\b/.test(path) || /^\/api\/tutors(\/:id\/(archive|background|photo))?$/.test(path)) return method === 'GET' && path === '/api/tutors' ? undefined : 'supervisor';
  if ((/^\/api\/(courses|prices)\b/.test(path) && method === 'POST') || path === '/api/prices/history' || path.startsWith('/api/embed/')) return 'supervisor';
  if (/^\/api\/(meetings|slots)\b/.test(path) && method === 'POST') return 'tutor';
  if (/^\/api\/tutors\/:id\/(meetings|gradebooks|offerings)$/.test(path)) return 'tutor';
  return undefined;
}

function buildAttack(route: string, ids: Ids, r: Random, focus?: Focus): Attack {
  const [method] = route.split(' ') as [string, string];
  const inputs = INPUTS[route]!;
  const fitting = fittingRole(route);
  const role = focus ? (fitting ?? r.pick(['customer', 'supervisor'] as const)) : fitting && r.chance(0.65) ? fitting : r.pick(ROLES);
  let url = pathWith(route, ids, r, focus);
  const queryPairs = focus
    ? focusedValues(inputs.query ?? [], ids, r, focus.slot === 'query' ? focus : { ...focus, name: '' })
    : fieldValues(inputs.query ?? [], ids, r, true);
  if (!focus && r.chance(0.15)) queryPairs.push([r.pick(['course', 'id', 'q', 'token']), r.pick(SHORT_HOSTILE)]);
  if (queryPairs.length) url += `?${queryPairs.map(([k, v]) => `${focus ? pct(k) : encode(k)}=${focus ? pct(v) : encode(v)}`).join('&')}${r.chance(0.2) ? '&' : ''}`;
  const headers: Record<string, string> = {};
  let sent: { body?: BodyInit; headers: Record<string, string>; describe: string } = { headers: {}, describe: 'no body' };
  if (method !== 'GET' && inputs.raw) sent = rawBody(r, route);
  else if (method !== 'GET' && focus) sent = body(focusedValues(inputs.form ?? [], ids, r, focus.slot === 'form' ? focus : { ...focus, name: '' }), r, true);
  else if (method !== 'GET') sent = body(fieldValues(inputs.form ?? [], ids, r, false), r);
  Object.assign(headers, sent.headers);
  if (focus) return { role, method, url, headers, body: sent.body, describe: `${focus.slot} ${focus.name}=${JSON.stringify(focus.value.slice(0, 40))}${focus.twice ? ' twice' : ''}, ${sent.describe}` };
  if (r.chance(0.05)) headers.origin = r.pick(['https://evil.example', 'null', 'http://localhost:4321']);
  if (r.chance(0.05)) headers.accept = r.pick(['text/html', '*/*;q=0', 'application/xml']);
  return { role, method, url, headers, body: sent.body, describe: sent.describe };
}

const BARE_ERROR_ROUTES = new Set(['POST /api/gradebooks/:id/categories/:categoryId/grades', 'POST /api/tutors/:id/photo', 'POST /api/tutors']);

/** The answer must be the envelope of docs/spec/contract.md, with a status below 500. */
function problemWith(route: string, status: number, contentType: string | null, text: string): string | undefined {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 300)}`;
  const document = INPUTS[route]?.document;
  if (document && status === 200) return contentType?.startsWith(document) ? undefined : `content-type ${contentType}, not ${document}`;
  if (!contentType?.startsWith('application/json')) return `content-type ${contentType} (HTTP ${status}): ${text.slice(0, 200)}`;
  let envelope: { status?: unknown; data?: unknown; error?: { type?: unknown } };
  try {
    envelope = JSON.parse(text);
  } catch {
    return `not JSON (HTTP ${status}): ${text.slice(0, 200)}`;
  }
  if (envelope.status === 'success') {
    // POST /api/login answers a bare {"status": "success"} (docs/spec/contract.md).
    if (!('data' in envelope) && route !== 'POST /api/login') return `success without data: ${text.slice(0, 200)}`;
    if (status >= 400) return `success with HTTP ${status}`;
    return undefined;
  }
  // Grade creation, the photo upload and create tutor name the error type bare (CONTRACT.md, "Envelope and encodings").
  const failure = BARE_ERROR_ROUTES.has(route) ? typeof envelope.error === 'string' : typeof envelope.error?.type === 'string';
  if (envelope.status === 'failure' && failure) return status >= 400 ? undefined : `failure with HTTP ${status}`;
  return `not an envelope (HTTP ${status}): ${text.slice(0, 200)}`;
}

describeApi('hostile-input battery', (ctx) => {
  it(`survives ${REQUESTS_PER_ROUTE} generated requests per route with no 5xx and only envelopes (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const c = ctx();
    const r = seededRandom(SEED);
    // Stripe's webhook exists only with Stripe payments: a second app with the real SDK (no network is used).
    const stripeApp = createApiApp({
      database: c.database,
      config: { mode: 'production', siteUrl: 'https://tutors.example', logRequests: false, stripeWebhookSecret: WEBHOOK_SECRET, trustProxy: 1 },
      payments: stripeProvider('sk_test_not_used', 'pk_test_not_used'),
      log: () => {},
      photos: c.photos,
      ...fastSignIn(c.database),
    });
    const errorsLogged: string[] = [];
    // One trusted proxy, as in the other suites: each TestClient names an address of its own in
    // X-Forwarded-For, so the per-address limits do not answer for the input checks.
    const app = createApiApp({ database: c.database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, log: (line) => errorsLogged.push(line), photos: c.photos, ...fastSignIn(c.database) });

    const routes = [...new Set([...app.routes, ...stripeApp.routes].filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/')).map((route) => `${route.method} ${route.path}`))];
    expect(routes.filter((route) => !INPUTS[route]), 'routes the battery does not know: add their inputs to INPUTS').toEqual([]);
    expect(routes).toContain('POST /api/stripe/webhook');

    const { db } = c.database;
    const accountIds = {
      customer: (await db.selectFrom('customers').select('id').where('email', '=', demoAccounts.customer.email).executeTakeFirstOrThrow()).id,
      other: (await newCustomer(c, true)).id,
      tutor: (await db.selectFrom('tutors').select('id').where('email', '=', demoAccounts.tutor.email).executeTakeFirstOrThrow()).id,
      supervisor: (await db.selectFrom('tutors').select('id').where('email', '=', demoAccounts.supervisor.email).executeTakeFirstOrThrow()).id,
    };
    /** A fresh session per request: some requests end theirs (log out, sign in, archive). */
    async function clientFor(role: Role, target: ReturnType<typeof createApiApp>): Promise<TestClient> {
      const client = new TestClient(target);
      const account =
        role === 'customer' ? { customerId: accountIds.customer }
        : role === 'other customer' ? { customerId: accountIds.other }
        : role === 'tutor' ? { tutorId: accountIds.tutor }
        : role === 'supervisor' ? { tutorId: accountIds.supervisor }
        : undefined;
      if (account) client.cookies.set('sid', await startSignIn(db, account));
      else if (r.chance(0.2)) client.cookies.set('sid', pct(r.pick(SHORT_HOSTILE)) || 'x');
      return client;
    }

    const failures: string[] = [];
    const outcomes = new Map<string, number>();
    /** Per route, its answers, and those that were 429 (a rate limit answered before its input checks ran). */
    const answered = new Map<string, { all: number; limited: number }>();
    let sent = 0;
    const started = performance.now();
    async function send(route: string, attack: Attack) {
      const target = route === 'POST /api/stripe/webhook' ? stripeApp : app;
      const client = await clientFor(attack.role, target);
      const response = await client.fetch(attack.url, { method: attack.method, headers: attack.headers, body: attack.body });
      sent += 1;
      const text = await response.text();
      const problem = problemWith(route, response.status, response.headers.get('content-type'), text);
      if (problem) failures.push(`${attack.role} ${attack.method} ${attack.url.slice(0, 300)} [${attack.describe}] → ${problem}`);
      const outcome = `${response.status} ${/"type":"(\w+)"/.exec(text)?.[1] ?? ''}`.trim();
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      const tally = answered.get(route) ?? { all: 0, limited: 0 };
      answered.set(route, { all: tally.all + 1, limited: tally.limited + (response.status === 429 ? 1 : 0) });
    }

    // The sweep: every input of every route gets each killer value, the rest plausible.
    for (const route of routes) {
      const ids = await readIds(c);
      const inputs = INPUTS[route]!;
      const slots: Omit<Focus, 'value'>[] = [
        ...[...route.matchAll(/:(\w+)/g)].map((m) => ({ slot: 'path' as const, name: m[1]! })),
        ...(inputs.query ?? []).map((name) => ({ slot: 'query' as const, name })),
        ...(inputs.form ?? []).map((name) => ({ slot: 'form' as const, name })),
      ];
      for (const slot of slots) {
        for (const value of KILLERS) await send(route, buildAttack(route, ids, r, { ...slot, value }));
        if (slot.slot !== 'path') await send(route, buildAttack(route, ids, r, { ...slot, value: r.pick(SHORT_HOSTILE), twice: true }));
      }
    }

    // The random part: every route, each round, with anything anywhere.
    for (let round = 0; round < REQUESTS_PER_ROUTE; round++) {
      // Ids read again each round: the battery's own successes create and remove objects.
      const ids = await readIds(c);
      for (const route of routes) await send(route, buildAttack(route, ids, r));
      // A wrong method on each path, and paths that exist nowhere.
      const route = r.pick(routes);
      const wrong = await (await clientFor(r.pick(ROLES), app)).fetch(pathWith(route, ids, r), { method: r.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS']) });
      sent += 1;
      // No call answers it, so its failure is the API's own envelope ({type}), even on a path whose
      // declared call names its errors bare (the photo upload's).
      const problem = problemWith('(no call)', wrong.status, wrong.headers.get('content-type'), await wrong.text());
      if (problem) failures.push(`wrong method on ${route} → ${problem}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const spread = [...outcomes].sort((a, b) => b[1] - a[1]).map(([outcome, n]) => `${outcome}: ${n}`);
    const limitedRoutes = [...answered].filter(([, t]) => t.limited > 0).map(([route, t]) => `${route} ${t.limited}/${t.all}`);
    console.log(`hostile-input battery [${c.kind}]: ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s (seed ${SEED}); answers ${spread.join(', ')}; 429 by route: ${limitedRoutes.join(', ') || 'none'}`);
    expect(sent).toBeGreaterThanOrEqual(300);
    // Each client comes from an address of its own, so a 429 can only be a per-target limit (one
    // email asked for many times). A route answering 429 to most requests had most of its input
    // checks skipped: the battery would prove little there.
    const mostlyLimited = routes
      .filter((route) => {
        const tally = answered.get(route);
        return !tally || tally.limited * 2 > tally.all;
      })
      .map((route) => `${route} ${JSON.stringify(answered.get(route))}`);
    expect(mostlyLimited, 'routes that answered 429 (rate limited) to most requests or were never reached').toEqual([]);
    expect(failures, `seed ${SEED}; server log:\n${errorsLogged.join('\n').slice(0, 4000)}`).toEqual([]);
  });
});
