import { describe, expect, it } from 'vitest';
import type { Offering, Prices } from '../../../src/contract/entities.ts';
import { firstOfEachTutor, groupByDate } from '../../../src/features/booking/appointment-groups.ts';
import { type Appointment, initialBooking, type Selection } from '../../../src/features/booking/booking-machine.ts';
import { contactError, emptyFields } from '../../../src/features/booking/contact-validation.ts';
import { continueHint } from '../../../src/features/booking/continue-hint.ts';
import { focusPriceLabel, groupFromPrice, paymentTerms } from '../../../src/features/booking/price-wording.ts';

const prices: Prices = { subscription: { '1': 4500, '2': 3000 }, onetime: { '1': 5500, '2': 3500 } };
const none = initialBooking().selection;
const complete: Selection = { ...none, courseId: '1', capacity: 1, frequency: 'onetime', style: 'online' };

const offering = (tutorId: number): Offering => ({
  id: tutorId * 10,
  qualification: 'A in CS 121',
  archived: false,
  course: { id: 1, course_number: 'CS 121', course_name: 'Intro', school: 'university' },
  tutor: { id: tutorId, name: `Tutor ${tutorId}`, background: 'bio', role: 'Tutor' },
});
const appointment = (key: string, startEpoch: number, tutorId: number): Appointment => ({
  key,
  frequency: 'onetime',
  meetingId: key,
  slotId: null,
  startEpoch,
  durationMins: 60,
  offering: offering(tutorId),
});

describe("step 1's continue hint", () => {
  it('names every choice still missing, in screen order', () => {
    expect(continueHint(none, { status: 'idle' })).toBe('Choose a course, a focus level, a frequency and a place to continue.');
    expect(continueHint({ ...none, courseId: '1', frequency: 'weekly' }, { status: 'idle' })).toBe('Choose a focus level and a place to continue.');
    expect(continueHint({ ...complete, style: null }, { status: 'idle' })).toBe('Choose a place to continue.');
  });

  it('once all are chosen, says what availability is doing, and nothing when there are open times', () => {
    expect(continueHint(complete, { status: 'loading' })).toBe('Finding open times…');
    expect(continueHint(complete, { status: 'error', message: 'DBError' })).toBe('Open times could not be loaded.');
    expect(continueHint(complete, { status: 'ready', appointments: [] })).toBe('No open times for these choices.');
    expect(continueHint(complete, { status: 'ready', appointments: [appointment('a', 100, 1)] })).toBeNull();
  });
});

describe('price wording', () => {
  it("labels a focus level with the chosen frequency's price, weekly ones with /wk", () => {
    expect(focusPriceLabel(prices, 1, 'weekly')).toBe('$45/wk');
    expect(focusPriceLabel(prices, 2, 'onetime')).toBe('$35');
  });

  it('before a frequency is chosen, names both prices, /wk on the weekly one only', () => {
    expect(focusPriceLabel(prices, 1, null)).toBe('$45/wk or $55 once');
    expect(focusPriceLabel(prices, 2, null)).toBe('$30/wk or $35 once');
  });

  it('gives the lowest group-of-two price per hour for beside the preview price', () => {
    expect(groupFromPrice(prices)).toBe('$30/hr');
    expect(groupFromPrice({ ...prices, onetime: { '1': 5500, '2': 2950 } })).toBe('$29.50/hr');
  });

  it("words step 3's payment in plain dollars for one time and weekly", () => {
    expect(paymentTerms('onetime', 5500)).toBe('You pay $55 now for this one session.');
    expect(paymentTerms('weekly', 4500)).toBe('You pay $45 now for the first session, then $45 before each weekly session until you cancel.');
    expect(paymentTerms('weekly', 4500)).not.toContain('/wk');
  });
});

describe('the contact form', () => {
  it('finds the empty fields that Please fill in all fields marks (blank counts as empty)', () => {
    const fields = { firstname: 'Nia', lastname: ' ', email: '', phone: '2065550177' };
    expect(emptyFields(fields)).toEqual(['lastname', 'email']);
    expect(contactError(fields)).toBe('Please fill in all fields');
    expect(emptyFields({ ...fields, lastname: 'Park', email: 'nia@example.com' })).toEqual([]);
  });
});

describe("step 2's list", () => {
  const dateOf = (epoch: number) => `day ${Math.floor(epoch / 86_400)}`;
  const day = 86_400;
  const list = [appointment('a', day + 100, 1), appointment('b', day + 200, 2), appointment('c', 2 * day + 100, 1), appointment('d', 4 * day, 3)];

  it('groups appointments by the day they start, earliest first', () => {
    expect(groupByDate(list, dateOf).map((g) => [g.date, g.appointments.map((a) => a.key)])).toEqual([
      ['day 1', ['a', 'b']],
      ['day 2', ['c']],
      ['day 4', ['d']],
    ]);
  });

  it("keeps a day's appointments together even when the list is out of order", () => {
    expect(groupByDate([list[0]!, list[2]!, list[1]!], dateOf).map((g) => g.appointments.map((a) => a.key))).toEqual([['a', 'b'], ['c']]);
  });

  it("marks each tutor's first appointment, where their bio shows", () => {
    expect([...firstOfEachTutor(list)]).toEqual(['a', 'b', 'd']);
  });
});
