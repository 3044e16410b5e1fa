import type { BookableMeeting, BookableSlot, Course, MeetingWithPayments, Payment, PaymentIntent, PublicTutor } from '../../src/contract/entities.ts';
import { TEST_CARDS } from '../../server/payments/offline.ts';
import type { Answer, ChaosClient } from './http.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the clients share: when to stop, the demo clock's offset, the dice, and what they saw. */
export interface World {
  /** Machine time after which no client starts another action. */
  stopAt: number;
  /** The demo clock's offset the run has given every instance (ms). */
  clockOffsetMs: () => number;
  random: () => number;
  /** Courses someone teaches (the demo's offerings). */
  courses: Course[];
  tutors: PublicTutor[];
  /** Actions and their outcomes (`book one-off: paid`, `skip: TooLate` …). */
  tally: Map<string, number>;
  /** Payments a client saw paid (the provider's answer or the offline confirmation said succeeded). */
  paid: Map<number, string>;
  /** Payments whose skip answered success. */
  skipped: Set<number>;
  /** Subscriptions whose cancel answered success. */
  canceledSubscriptions: Set<number>;
  /** Meetings a tutor's cancel answered success for. */
  canceledMeetings: Set<number>;
  /** Overtime entries answered success (meeting id → minutes). */
  overtime: Map<number, number>;
  /** Overtime payments a supervisor's refund answered success for. */
  refundedOvertime: Set<number>;
}

const serverNow = (world: World) => Date.now() + world.clockOffsetMs();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function count(world: World, key: string): void {
  world.tally.set(key, (world.tally.get(key) ?? 0) + 1);
}

/** `action: outcome`: success, the refusal's error type, or the HTTP status when there is none. */
function outcome(world: World, action: string, answer: Answer, success = 'ok'): boolean {
  const ok = answer.status >= 200 && answer.status < 300;
  count(world, `${action}: ${ok ? success : (answer.body?.error?.type ?? (answer.status === 0 ? 'no answer' : `HTTP ${answer.status}`))}`);
  return ok;
}

function pick<T>(world: World, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(world.random() * items.length)];
}

/** One of the weighted choices whose weight is above 0. */
function choose<T extends string>(world: World, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
  let roll = world.random() * total;
  for (const [name, weight] of entries) {
    roll -= Math.max(0, weight);
    if (roll < 0) return name;
  }
  return entries[0]![0];
}

const data = <T>(answer: Answer): T => answer.body?.data as T;

type OutboxEntry = { id: number; to: string; link: string | null };

async function outboxTo(client: ChaosClient, email: string): Promise<OutboxEntry[]> {
  const outbox = await client.get('/dev/outbox.json');
  // Login links only (booking emails carry a link to the dashboard).
  return Array.isArray(outbox.body) ? (outbox.body as OutboxEntry[]).filter((m) => m.to === email && m.link?.includes('/login?token=')) : [];
}

/**
 * Signs the client in through the demo's outbox: asks for a login link, waits for it in
 * /dev/outbox.json (a message to that address newer than those there before: the answer can come
 * before the email is written, as a slow mail server does not hold it up) and opens it.
 */
export async function signInByLink(client: ChaosClient, world: World, userType: 'customer' | 'tutor', email: string): Promise<boolean> {
  const before = Math.max(0, ...(await outboxTo(client, email)).map((m) => m.id));
  const asked = await client.post(`/api/login?user_type=${userType}&email=${encodeURIComponent(email)}`);
  if (!outcome(world, `${userType} sign-in: link asked`, asked)) return false;
  let message: OutboxEntry | undefined;
  for (let tries = 0; tries < 40 && !message; tries++) {
    message = (await outboxTo(client, email)).find((m) => m.id > before);
    if (!message) await pause(150);
  }
  if (!message?.link) {
    count(world, `${userType} sign-in: no link in the outbox`);
    return false;
  }
  const token = new URL(message.link).searchParams.get('token') ?? '';
  return outcome(world, `${userType} sign-in: link opened`, await client.get(`/api/login?token=${encodeURIComponent(token)}`));
}

interface Account {
  email: string;
  /** Signed in by a link (a proven session): checkouts pay with the card on file. */
  proven: boolean;
  hasCard: boolean;
  bookings: number;
}

/**
 * A customer: makes an account through the booking flow's contact form, books one-off meetings
 * (typed card, or the card on file once signed in by a link) and weekly subscriptions, skips
 * meetings and ends subscriptions, now and then with a declined card first or a checkout left
 * unpaid; after a while it starts over with a new account.
 */
export async function customer(client: ChaosClient, world: World, index: number): Promise<void> {
  let account: Account | undefined;
  let serial = 0;
  /** The session ended (NoAuth: an idle week passed on the demo clock): signed in again by a link. */
  let signedOut = false;
  const watch = (answer: Answer): Answer => {
    if (answer.status === 401) signedOut = true;
    return answer;
  };

  async function newAccount(): Promise<void> {
    serial += 1;
    const email = `chaos.c${index}.${serial}@example.com`;
    // A valid North American number (exchange 7xx), so reminder texts are sent too.
    const phone = `2067${String(index).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
    client.cookies.clear();
    const made = await client.post('/api/customers', { email, phone, firstname: `Chaos${index}`, lastname: `Customer ${serial}` });
    if (outcome(world, 'new customer', made)) {
      account = { email, proven: false, hasCard: false, bookings: 0 };
    } else if (made.body?.error?.type === 'AlreadyExists' || made.status === 0 || made.status >= 500) {
      // Made by a request whose answer was lost: signed in by a link instead.
      account = { email, proven: false, hasCard: false, bookings: 0 };
      if (await signInByLink(client, world, 'customer', email)) account.proven = true;
      else account = undefined;
    }
  }

  async function pay(kind: string, answer: Answer): Promise<void> {
    if (!outcome(world, `${kind}: intent`, answer, 'made')) return;
    account!.bookings += 1;
    const intent = data<PaymentIntent>(answer);
    const paymentId = Number(intent.payment_id);
    if (intent.status === 'succeeded') {
      world.paid.set(paymentId, `${kind}, card on file`);
      count(world, `${kind}: paid with the card on file`);
      return;
    }
    if (intent.status !== 'requires_payment_method') {
      count(world, `${kind}: intent ${intent.status}`);
      return;
    }
    // Now and then a checkout is left unpaid (its seats are held until the hold runs out).
    if (world.random() < 0.05) {
      count(world, `${kind}: left unpaid`);
      return;
    }
    if (world.random() < 0.1) {
      const declined = await client.post('/api/offline-payments/confirm', { client_secret: intent.client_secret, card_number: TEST_CARDS.declined });
      outcome(world, `${kind}: declined card`, declined);
    }
    const confirmed = await client.post('/api/offline-payments/confirm', { client_secret: intent.client_secret, card_number: TEST_CARDS.success });
    if (outcome(world, `${kind}: card confirmed`, confirmed, 'paid') && data<{ status: string }>(confirmed).status === 'succeeded') {
      world.paid.set(paymentId, `${kind}, typed card`);
      account!.hasCard = true;
    }
  }

  function bookingChoice() {
    const course = pick(world, world.courses)!;
    return { course: Number(course.id), capacity: world.random() < 0.3 ? 2 : 1, style: world.random() < 0.5 ? 'online' : 'in-person' };
  }

  async function bookOneOff(): Promise<void> {
    // Another course when one has nothing (as a person tries another time or place).
    for (let tries = 0; tries < 3; tries++) {
      const { course, capacity, style } = bookingChoice();
      const list = await client.get(`/api/meetings?course=${course}&capacity=${capacity}&course_style=${style}`);
      const meetings = (data<BookableMeeting[]>(list) ?? []).filter((m) => m.occurrence_epoch * 1000 > serverNow(world) + 10 * MINUTE);
      // Among the first few, so that customers meet on the same meetings.
      const meeting = pick(world, meetings.slice(0, 3));
      if (!meeting) continue;
      return pay('book one-off', watch(await client.post('/api/payments', { meeting: String(meeting.id), offering: String(meeting.offering.id), capacity, course_style: style })));
    }
    count(world, 'book one-off: nothing to book');
  }

  async function bookWeekly(): Promise<void> {
    for (let tries = 0; tries < 3; tries++) {
      const { course, capacity, style } = bookingChoice();
      const list = await client.get(`/api/slots?course=${course}&capacity=${capacity}&course_style=${style}&subscription=true`);
      const slots = (data<BookableSlot[]>(list) ?? []).filter((s) => s.meetings.length > 0 && s.meetings[0]!.occurrence_epoch * 1000 > serverNow(world) + 10 * MINUTE);
      const slot = pick(world, slots.slice(0, 3));
      if (!slot) continue;
      return pay(
        'book weekly',
        watch(await client.post('/api/subscriptions', { meeting: String(slot.meetings[0]!.id), slot: String(slot.slot.id), offering: String(slot.offering.id), capacity, course_style: style })),
      );
    }
    count(world, 'book weekly: nothing to book');
  }

  async function myPayments(): Promise<Payment[]> {
    const answer = watch(await client.get('/api/customers/myself/payments'));
    outcome(world, 'list payments', answer);
    return data<Payment[]>(answer) ?? [];
  }

  async function skip(): Promise<void> {
    const open = (await myPayments()).filter(
      (p) => !p.is_incremental && ['succeeded', 'subscription_pending'].includes(p.payment_status) && p.meeting.occurrence_epoch * 1000 > serverNow(world) + 12 * HOUR + 10 * MINUTE,
    );
    const payment = pick(world, open);
    if (!payment) return count(world, 'skip: nothing to skip');
    const answer = await client.post(`/api/payments/${payment.id}/skip`);
    if (outcome(world, 'skip', answer)) world.skipped.add(Number(payment.id));
  }

  async function cancelSubscription(): Promise<void> {
    const subscriptions = [...new Set((await myPayments()).filter((p) => p.subscription && ['succeeded', 'subscription_pending'].includes(p.payment_status)).map((p) => Number(p.subscription!.id)))];
    const subscription = pick(world, subscriptions);
    if (subscription === undefined) return count(world, 'cancel subscription: none');
    const answer = await client.post(`/api/subscriptions/${subscription}/cancel`);
    if (outcome(world, 'cancel subscription', answer)) world.canceledSubscriptions.add(subscription);
  }

  while (Date.now() < world.stopAt) {
    if (!account || (account.bookings >= 8 && world.random() < 0.15)) {
      await newAccount();
      await pause(100);
      continue;
    }
    if (signedOut) {
      signedOut = false;
      account.proven = await signInByLink(client, world, 'customer', account.email);
      await pause(100);
      continue;
    }
    const action = choose(world, {
      oneOff: 5,
      weekly: 2,
      skip: 1.5,
      cancel: 0.5,
      signIn: account.hasCard && !account.proven ? 3 : 0.1,
      read: 1,
    });
    if (action === 'oneOff') await bookOneOff();
    else if (action === 'weekly') await bookWeekly();
    else if (action === 'skip') await skip();
    else if (action === 'cancel') await cancelSubscription();
    else if (action === 'signIn') account.proven = (await signInByLink(client, world, 'customer', account.email)) || account.proven;
    else outcome(world, 'read myself', watch(await client.get('/api/customers/myself')));
    await pause(30 + world.random() * 150);
  }
}

/** Rounds a time (ms) to the half hour. */
const halfHour = (ms: number) => Math.round(ms / (30 * MINUTE)) * 30 * MINUTE;

/**
 * A tutor: publishes one-off hours and (a few) weekly slots, cancels and moves meetings (booked
 * ones more often), enters overtime on sessions that ended, writes summaries; the supervisor also
 * refunds an overtime charge now and then, and reads another tutor's calendar.
 */
export async function tutor(client: ChaosClient, world: World, email: string, supervisor: boolean): Promise<void> {
  let weeklySlots = 0;
  while (!(await signInByLink(client, world, 'tutor', email))) {
    if (Date.now() >= world.stopAt) return;
    await pause(500);
  }

  async function calendar(of = 'myself'): Promise<MeetingWithPayments[]> {
    const answer = await client.get(`/api/tutors/${of}/meetings`);
    if (answer.status === 401) {
      await signInByLink(client, world, 'tutor', email);
      return [];
    }
    outcome(world, 'tutor calendar', answer);
    return data<MeetingWithPayments[]>(answer) ?? [];
  }

  async function publishOneOff(): Promise<void> {
    const start = halfHour(serverNow(world) + 2 * HOUR + world.random() * 6 * DAY);
    outcome(world, 'publish one-off hour', await client.post('/api/meetings', { occurrence_epoch: Math.floor(start / 1000), tutor: 'myself' }), 'published');
  }

  async function publishWeekly(): Promise<void> {
    weeklySlots += 1;
    const anchor = Math.ceil((serverNow(world) + DAY + world.random() * 6 * DAY) / HOUR) * HOUR;
    outcome(world, 'publish weekly slot', await client.post('/api/slots', { duration_mins: 60, anchor_epoch: Math.floor(anchor / 1000), tutor: 'myself' }), 'published');
  }

  const upcoming = (meetings: MeetingWithPayments[]) => meetings.filter((m) => m.meeting.occurrence_epoch * 1000 > serverNow(world) + 5 * MINUTE);
  /** Booked meetings are chosen three times as often as free hours. */
  const favourBooked = (meetings: MeetingWithPayments[]) => [...meetings, ...meetings.filter((m) => m.meeting.reservations_taken > 0), ...meetings.filter((m) => m.meeting.reservations_taken > 0)];

  async function cancel(): Promise<void> {
    const meeting = pick(world, favourBooked(upcoming(await calendar())));
    if (!meeting) return count(world, 'tutor cancel: nothing to cancel');
    const answer = await client.post(`/api/meetings/${meeting.meeting.id}/cancel`);
    if (outcome(world, 'tutor cancel', answer)) world.canceledMeetings.add(Number(meeting.meeting.id));
  }

  async function move(): Promise<void> {
    const meeting = pick(world, favourBooked(upcoming(await calendar())));
    if (!meeting) return count(world, 'tutor move: nothing to move');
    const shift = (world.random() < 0.5 ? -1 : 1) * (1 + Math.floor(world.random() * 48)) * HOUR;
    const target = halfHour(meeting.meeting.occurrence_epoch * 1000 + shift);
    outcome(world, 'tutor move', await client.post(`/api/meetings/${meeting.meeting.id}/occurrence_epoch`, { occurrence_epoch: Math.floor(target / 1000) }), 'moved');
  }

  /** Sessions whose booked hour ended less than 48 hours ago (overtime can be entered on them). */
  const ended = (meetings: MeetingWithPayments[]) =>
    meetings.filter((m) => {
      const end = m.meeting.occurrence_epoch * 1000 + HOUR;
      return m.meeting.reservations_taken > 0 && end < serverNow(world) && end > serverNow(world) - 47 * HOUR;
    });

  async function overtime(): Promise<void> {
    const meeting = pick(world, ended(await calendar()));
    if (!meeting) return count(world, 'overtime: no session ended');
    const minutes = pick(world, [90, 120, 150])!;
    const answer = await client.post(`/api/meetings/${meeting.meeting.id}/duration_mins`, { duration_mins: minutes });
    if (outcome(world, 'overtime', answer, 'entered')) world.overtime.set(Number(meeting.meeting.id), minutes);
  }

  async function notes(): Promise<void> {
    const meeting = pick(world, ended(await calendar()));
    if (!meeting) return count(world, 'summary: no session ended');
    outcome(world, 'summary', await client.post(`/api/meetings/${meeting.meeting.id}/notes`, { notes: 'Worked through the week’s problems' }));
  }

  async function refundOvertime(): Promise<void> {
    const other = pick(world, world.tutors.filter((t) => t.role !== 'Archived'));
    const meetings = await calendar(other ? String(other.id) : 'myself');
    const charges = meetings.flatMap((m) => m.payments.filter((p) => p.is_incremental && p.payment_status === 'succeeded'));
    const charge = pick(world, charges);
    if (!charge) return count(world, 'refund overtime: no overtime charge');
    const answer = await client.post(`/api/payments/${charge.id}/refund`, { reason: 'Chaos run: the customer disputed the extra time' });
    if (outcome(world, 'refund overtime', answer)) world.refundedOvertime.add(Number(charge.id));
  }

  while (Date.now() < world.stopAt) {
    const action = choose(world, {
      oneOff: 4,
      weekly: weeklySlots < 4 ? 0.8 : 0,
      cancel: 1,
      move: 1,
      overtime: 1.5,
      notes: 0.5,
      refund: supervisor ? 0.7 : 0,
    });
    if (action === 'oneOff') await publishOneOff();
    else if (action === 'weekly') await publishWeekly();
    else if (action === 'cancel') await cancel();
    else if (action === 'move') await move();
    else if (action === 'overtime') await overtime();
    else if (action === 'notes') await notes();
    else await refundOvertime();
    await pause(100 + world.random() * 300);
  }
}
