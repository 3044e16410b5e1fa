import { describe, expect, it } from 'vitest';
import type { CustomerFacts, MeetingFacts, RecordedEvent } from '../../../server/events/kinds.ts';
import { messagesOf } from '../../../server/notify/event-messages.ts';

/**
 * Each kind of event's messages, from the event alone: no database, no clock (the invites are
 * stamped with the event's time), so the same event always gives the same messages.
 */
const SITE = 'https://tutoring.example.edu';
const at = new Date('2030-01-02T03:04:05Z');
const jordan = { id: 3, name: 'Jordan Alvarez', email: 'jordan@example.edu', phone: '2065550102' };
const priya = { id: 4, name: 'Priya Natarajan', email: 'priya@example.edu', phone: '2065550103' };
const meeting = (id: number, start: string, tutor = jordan, sequence = 0): MeetingFacts => ({ id, start: new Date(start), minutes: 60, courseName: 'CS 121', place: 'Online', tutor, sequence });
const ada: CustomerFacts = { id: 7, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '2065559000', card: '4242' };
const ben: CustomerFacts = { id: 8, firstname: 'Ben', lastname: 'Okafor', email: 'ben@example.com', phone: '2065559001', card: null };
const first = meeting(11, '2030-01-07T18:30:00Z');
const second = meeting(12, '2030-01-14T18:30:00Z');

const event = <E extends RecordedEvent['kind']>(facts: Omit<Extract<RecordedEvent, { kind: E }>, 'id' | 'occurredAt'>) => ({ ...facts, id: '41', occurredAt: at }) as unknown as RecordedEvent;
/** Who gets what: channel, address, subject (texts: their words). */
const summary = (e: RecordedEvent) => messagesOf(e, SITE).map((m) => [m.channel, m.to, m.channel === 'sms' ? m.text : m.subject]);
const uids = (ics: string | undefined) => [...(ics ?? '').matchAll(/^UID:(.*)$/gm)].map((match) => match[1]!.trim());

describe('the messages of an event', () => {
  it('MeetingBooked: the confirmation with the invite, the tutor an email with it and a text', () => {
    const booked = event<'MeetingBooked'>({ kind: 'MeetingBooked', paymentId: 5, customer: ada, weekly: false, meetings: [first] });
    expect(summary(booked)).toEqual([
      ['email', 'ada@example.com', "You're booked: CS 121 with Jordan Alvarez"],
      ['email', 'jordan@example.edu', 'New booking: Ada Lovelace, CS 121'],
      ['sms', '2065550102', expect.stringContaining('Ada Lovelace booked CS 121 starting Mon, Jan 7, 10:30 AM PST, Online.')],
    ]);
    const [confirmation] = messagesOf(booked, SITE);
    expect(confirmation!.calendar?.method).toBe('REQUEST');
    expect(uids(confirmation!.calendar?.content)).toEqual(['meeting-11@tutoring.example.edu']);
    // Stamped with the event's time: the same event gives the same invite.
    expect(confirmation!.calendar?.content).toContain('DTSTAMP:20300102T030405Z');
    expect(messagesOf(booked, SITE)).toEqual(messagesOf(booked, SITE));
  });

  it('MeetingBooked, weekly: one confirmation whose invite holds every week', () => {
    const [confirmation, notice] = messagesOf(event<'MeetingBooked'>({ kind: 'MeetingBooked', paymentId: 5, customer: ada, weekly: true, meetings: [first, second] }), SITE);
    expect(confirmation!.subject).toBe("You're booked: weekly CS 121 with Jordan Alvarez");
    expect(uids(confirmation!.calendar?.content)).toEqual(['meeting-11@tutoring.example.edu', 'meeting-12@tutoring.example.edu']);
    expect(notice!.text).toContain('a weekly CS 121 session (2 meetings)');
  });

  it('PaymentSucceeded: a receipt naming the card and its number; overtime names who entered it; nothing for $0', () => {
    const receipt = (charge: 'booking' | 'weekly' | 'overtime', amountCents: number, enteredBy: string | null = null) =>
      messagesOf(event<'PaymentSucceeded'>({ kind: 'PaymentSucceeded', paymentId: 9, customer: ada, meeting: first, amountCents, charge, enteredBy }), SITE);
    const [booking] = receipt('booking', 5500);
    expect(booking).toMatchObject({ channel: 'email', to: 'ada@example.com', subject: 'Receipt: $55 for CS 121 on Mon, Jan 7, 10:30 AM PST' });
    expect(booking!.text).toContain('We charged $55 for your booking.');
    expect(booking!.text).toContain('Card: ending in 4242');
    expect(booking!.text).toContain('Receipt number: 9');
    expect(receipt('weekly', 4500)[0]!.text).toContain('for this week of your weekly sessions');
    expect(receipt('overtime', 2750, 'Maya Chen')[0]!.text).toContain('entered by Maya Chen');
    expect(receipt('overtime', 2750)[0]!.text).toContain('entered by Jordan Alvarez');
    expect(receipt('booking', 0)).toEqual([]);
  });

  it('PaymentRefunded: the refund receipt', () => {
    expect(summary(event<'PaymentRefunded'>({ kind: 'PaymentRefunded', paymentId: 9, customer: ada, meeting: first, amountCents: 5500 }))).toEqual([['email', 'ada@example.com', 'Refund: $55 for CS 121 on Mon, Jan 7, 10:30 AM PST']]);
  });

  it('MeetingCanceled: each customer booked on it, their entry canceled, told whether they are refunded', () => {
    const canceled = event<'MeetingCanceled'>({ kind: 'MeetingCanceled', meeting: first, bookings: [{ paymentId: 1, customer: ada, refunded: true }, { paymentId: 2, customer: ben, refunded: false }] });
    const messages = messagesOf(canceled, SITE);
    expect(messages.map((m) => [m.to, m.subject, m.calendar?.method])).toEqual([
      ['ada@example.com', 'Canceled: CS 121 on Mon, Jan 7, 10:30 AM PST', 'CANCEL'],
      ['ben@example.com', 'Canceled: CS 121 on Mon, Jan 7, 10:30 AM PST', 'CANCEL'],
    ]);
    expect(messages[0]!.text).toContain('Your tutor canceled your CS 121 session with Jordan Alvarez');
    expect(messages[0]!.text).toContain('Everything you paid for it is refunded to your card');
    expect(messages[1]!.text).toContain('You are not charged for it.');
  });

  it('BookingCanceled: the customer\'s entries go, the tutor is told by email and text; their entry goes only when nobody is left on it', () => {
    const skip = (emptied: number[]) => event<'BookingCanceled'>({ kind: 'BookingCanceled', cause: 'skipped', paymentIds: [1], customer: ada, meetings: [first], refunded: true, emptied });
    expect(summary(skip([11]))).toEqual([
      ['email', 'ada@example.com', 'Canceled: CS 121 on Mon, Jan 7, 10:30 AM PST'],
      ['email', 'jordan@example.edu', 'Ada Lovelace skipped Mon, Jan 7, 10:30 AM PST'],
      ['sms', '2065550102', expect.stringContaining('Ada Lovelace skipped CS 121 on Mon, Jan 7, 10:30 AM PST.')],
    ]);
    expect(messagesOf(skip([11]), SITE)[1]!.calendar?.method).toBe('CANCEL');
    const stillBooked = messagesOf(skip([]), SITE)[1]!;
    expect(stillBooked.calendar).toBeUndefined();
    expect(stillBooked.text).toContain('Other students are still booked for it');
    const ended = event<'BookingCanceled'>({ kind: 'BookingCanceled', cause: 'subscription-canceled', paymentIds: [1, 2], customer: ada, meetings: [first, second], refunded: false, emptied: [11, 12] });
    expect(summary(ended).map(([, to, what]) => [to, what])).toEqual([
      ['ada@example.com', 'Canceled: weekly CS 121 with Jordan Alvarez'],
      ['jordan@example.edu', 'Ada Lovelace canceled their weekly sessions'],
      ['2065550102', expect.stringContaining('Ada Lovelace canceled their weekly CS 121 sessions.')],
    ]);
  });

  it('MeetingMoved: the updated entry (same UID, its SEQUENCE) to each customer and the tutor; nobody booked, no message', () => {
    const moved = meeting(11, '2030-01-07T20:30:00Z', jordan, 1);
    const messages = messagesOf(event<'MeetingMoved'>({ kind: 'MeetingMoved', meeting: moved, previousStart: first.start, customers: [ada, ben] }), SITE);
    expect(messages.map((m) => [m.to, m.subject])).toEqual([
      ['ada@example.com', 'New time: CS 121 on Mon, Jan 7, 12:30 PM PST'],
      ['ben@example.com', 'New time: CS 121 on Mon, Jan 7, 12:30 PM PST'],
      ['jordan@example.edu', 'New time: CS 121 on Mon, Jan 7, 12:30 PM PST'],
    ]);
    expect(messages[0]!.text).toContain('moved from Monday, January 7 at 10:30 AM PST to Monday, January 7 at 12:30 PM PST');
    expect(messages[2]!.calendar?.content).toContain('SEQUENCE:1');
    expect(messagesOf(event<'MeetingMoved'>({ kind: 'MeetingMoved', meeting: moved, previousStart: first.start, customers: [] }), SITE)).toEqual([]);
  });

  it('Reassigned: each customer the invite naming the new tutor, the old tutor a CANCEL (email and text), the new one the invite and a text', () => {
    const now = meeting(11, '2030-01-07T18:30:00Z', priya, 1);
    const reassigned = event<'Reassigned'>({ kind: 'Reassigned', meetings: [now], before: [first], previousTutor: 'Jordan Alvarez', previousStarts: [], series: false, bookings: [{ customer: ada, meetingIds: [11] }] });
    const messages = messagesOf(reassigned, SITE);
    expect(messages.map((m) => [m.channel, m.to, m.calendar?.method ?? null])).toEqual([
      ['email', 'ada@example.com', 'REQUEST'],
      ['email', 'jordan@example.edu', 'CANCEL'],
      ['sms', '2065550102', null],
      ['email', 'priya@example.edu', 'REQUEST'],
      ['sms', '2065550103', null],
    ]);
    expect(messages[0]!.subject).toBe('New tutor: CS 121 on Mon, Jan 7, 10:30 AM PST with Priya Natarajan');
  });

  it('ChargeDeclined: the customer is told, with the retry when there is one', () => {
    const declined = (retryAt: Date | null) =>
      messagesOf(event<'ChargeDeclined'>({ kind: 'ChargeDeclined', paymentId: 9, attempt: 1, reason: 'declined', customer: { firstname: 'Ada', email: 'ada@example.com' }, tutorName: 'Jordan Alvarez', start: first.start, retryAt }), SITE);
    expect(declined(null)).toEqual([expect.objectContaining({ channel: 'email', to: 'ada@example.com', subject: 'Your Beacon Tutoring payment failed', link: `${SITE}/student/dashboard/upcoming` })]);
    expect(declined(new Date('2030-01-06T18:30:00Z'))[0]!.text).toContain('January 6');
  });
});
