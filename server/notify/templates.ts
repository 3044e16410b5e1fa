/**
 * Every message the product sends about meetings and money, in one place and in plain words: the
 * brand, the support phone and the time zone come from the site's configuration, links are
 * absolute (the configured site URL), and each email has a plain-text part beside its HTML one.
 * Login links and codes are written where they are sent (domain/sign-in/auth.ts): they must never be stored.
 */
import { site } from '../../src/config/site.ts';
import { centsToDollars } from '../../src/lib/money.ts';
import { formatPhone } from '../../src/lib/phone.ts';
import { formatLongDate } from '../../src/lib/time-format.ts';
import { packageSizeWords } from '../../src/lib/labels.ts';
import type { CalendarAttachment, Message } from '../domain/sign-in/outgoing.ts';
import type { MeetingFacts } from '../events/kinds.ts';

import { formatMeetingTime, formatShortTime } from '../domain/meetings/meeting-facts.ts';


export interface Person {
  firstname: string;
  email: string;
  phone: string;
}


const subjectOf = (meeting: MeetingFacts) => meeting.courseName ?? 'tutoring';
/** A meeting as the messages name it to people: the product's word, "CS 121 session with Jordan". */
const meetingName = (meeting: MeetingFacts) => `${meeting.courseName ? `${meeting.courseName} session` : 'tutoring session'} with ${meeting.tutor.name}`;
const where = (meeting: MeetingFacts) => (meeting.place === 'Online' ? 'online' : `at ${meeting.place}`);
const phone = () => formatPhone(site.supportPhone);
const signature = () => `${site.brandName} · call or text ${phone()}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

interface EmailBody {
  greeting: string;
  paragraphs: string[];
  /** Lines shown as a list (meetings, amounts). */
  list?: string[];
  action?: { label: string; url: string };
}

/** One body, written once, as plain text and as simple HTML (inline styles only: mail programs drop the rest). */
export function renderEmail(to: string, subject: string, body: EmailBody, extra: { calendar?: CalendarAttachment } = {}): Message {
  const list = body.list ?? [];
  const text = [
    body.greeting,
    ...body.paragraphs,
    ...(list.length ? [list.map((line) => `- ${line}`).join('\n')] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`] : []),
    signature(),
  ].join('\n\n');
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:560px">`,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(site.brandName)}</p>`,
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(list.length ? [`<ul>${list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`] : []),
    ...(body.action
      ? [`<p><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:10px 18px;background:#1f4e8c;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p>`]
      : []),
    `<p style="color:#555;font-size:14px">${escapeHtml(signature())}</p>`,
    `</div>`,
  ].join('\n');
  return { channel: 'email', to, subject, text, html, ...(body.action ? { link: body.action.url } : {}), ...extra };
}

const text = (to: string, body: string): Message => ({ channel: 'sms', to, subject: '', text: `${site.brandName}: ${body}` });

const meetingLine = (meeting: MeetingFacts) => `${formatMeetingTime(meeting.start)}, ${meeting.minutes} minutes, ${meeting.place}`;

/** The links a message points to: dashboards, and the opt-out of reminder texts. */
export interface Links {
  siteUrl: string;
  studentDashboard: string;
  tutorDashboard: string;
}

export function linksFor(siteUrl: string): Links {
  return { siteUrl, studentDashboard: `${siteUrl}/student/dashboard`, tutorDashboard: `${siteUrl}/tutors/myself/dashboard` };
}

// ---- booking --------------------------------------------------------------------------------

export function bookingConfirmation(links: Links, customer: Person, meetings: MeetingFacts[], weekly: boolean, calendar: CalendarAttachment): Message {
  const first = meetings[0]!;
  return renderEmail(
    customer.email,
    weekly ? `You're booked: weekly ${subjectOf(first)} with ${first.tutor.name}` : `You're booked: ${subjectOf(first)} with ${first.tutor.name}`,
    {
      greeting: `Hi ${customer.firstname},`,
      paragraphs: [
        weekly
          ? `Your weekly ${meetingName(first)} is booked, ${where(first)}. The first session is ${formatMeetingTime(first.start)}; these are all of them:`
          : `Your ${meetingName(first)} is booked for ${formatMeetingTime(first.start)}, ${where(first)}.`,
        `The attached invite adds ${weekly ? 'them' : 'it'} to your calendar.`,
        `Need to skip? You can skip a session from your dashboard until 12 hours before it starts. After that, call or text us at ${phone()}.`,
      ],
      ...(weekly ? { list: meetings.map(meetingLine) } : {}),
      action: { label: 'See your sessions', url: links.studentDashboard },
    },
    { calendar },
  );
}

export function tutorBookingNotice(links: Links, customerName: string, meetings: MeetingFacts[], weekly: boolean, calendar: CalendarAttachment): Message[] {
  const first = meetings[0]!;
  const what = weekly ? `a weekly ${subjectOf(first)} session (${meetings.length} meetings) starting ${formatMeetingTime(first.start)}` : `${subjectOf(first)} on ${formatMeetingTime(first.start)}`;
  return [
    renderEmail(
      first.tutor.email,
      `New booking: ${customerName}, ${subjectOf(first)}`,
      {
        greeting: `Hi ${first.tutor.name},`,
        paragraphs: [`${customerName} booked ${what}, ${where(first)}.`, 'The attached invite adds it to your calendar.'],
        ...(weekly ? { list: meetings.map(meetingLine) } : {}),
        action: { label: 'Open your schedule', url: links.tutorDashboard },
      },
      { calendar },
    ),
    text(first.tutor.phone, `${customerName} booked ${weekly ? 'weekly ' : ''}${subjectOf(first)} starting ${formatShortTime(first.start)}, ${first.place}.`),
  ];
}

// ---- changes ----------------------------------------------------------------------------------

export function meetingMoved(links: Links, to: { firstname: string; email: string }, meeting: MeetingFacts, previousStart: Date | null, calendar: CalendarAttachment, forTutor = false): Message {
  return renderEmail(
    to.email,
    `New time: ${subjectOf(meeting)} on ${formatShortTime(meeting.start)}`,
    {
      greeting: `Hi ${to.firstname},`,
      paragraphs: [
        previousStart
          ? `Your ${meetingName(meeting)} moved from ${formatMeetingTime(previousStart)} to ${formatMeetingTime(meeting.start)}.`
          : `Your ${meetingName(meeting)} is now on ${formatMeetingTime(meeting.start)}.`,
        'The attached invite updates your calendar.',
        ...(forTutor ? [] : [`If the new time does not suit you, call or text us at ${phone()}.`]),
      ],
      action: { label: forTutor ? 'Open your schedule' : 'See your sessions', url: forTutor ? links.tutorDashboard : links.studentDashboard },
    },
    { calendar },
  );
}

export type CancelCause = 'skipped' | 'subscription-canceled' | 'tutor-canceled' | 'unpaid-week';

/** What became of what the customer paid for a canceled booking. */
export interface CanceledMoney {
  /** Charged, and refunded to the card. */
  refunded: boolean;
  /** Paid with an hour of a package, and the hour is back. */
  hoursBack?: boolean | undefined;
}

function moneyLine({ refunded, hoursBack }: CanceledMoney): string {
  if (refunded) return 'Everything you paid for it is refunded to your card; banks take 5 to 10 days to show it.';
  if (hoursBack) return 'The hour you booked it with is back in your hours, to book another session with.';
  return 'You are not charged for it.';
}

/** The customer's side of a cancellation: their calendar entries go, and what happens to the money. */
export function customerCancellation(links: Links, customer: Person, meetings: MeetingFacts[], cause: CancelCause, money: CanceledMoney, calendar: CalendarAttachment): Message {
  const first = meetings[0]!;
  const lead = {
    skipped: `You skipped your ${meetingName(first)} on ${formatMeetingTime(first.start)}. Your tutor has been told.`,
    'subscription-canceled': `Your weekly ${meetingName(first)} is canceled. These sessions are off your schedule, and your tutor has been told:`,
    'tutor-canceled': `Your tutor canceled your ${meetingName(first)} on ${formatMeetingTime(first.start)}. We're sorry for the change.`,
    'unpaid-week': `Your weekly ${meetingName(first)} on ${formatMeetingTime(first.start)} is not booked: you have no hours of its size left, and no card on file to pay it. Your tutor has been told. Buy hours before your next week's session can no longer be skipped (12 hours before it starts) to keep it.`,
  }[cause];
  return renderEmail(
    customer.email,
    cause === 'subscription-canceled'
      ? `Canceled: weekly ${subjectOf(first)} with ${first.tutor.name}`
      : cause === 'unpaid-week'
        ? `Not booked: ${subjectOf(first)} on ${formatShortTime(first.start)}`
        : `Canceled: ${subjectOf(first)} on ${formatShortTime(first.start)}`,
    {
      greeting: `Hi ${customer.firstname},`,
      paragraphs: [lead, moneyLine(money), 'The attached update removes it from your calendar. You can book another time on our site.'],
      ...(cause === 'subscription-canceled' ? { list: meetings.map(meetingLine) } : {}),
      action: cause === 'unpaid-week' ? { label: 'Buy hours', url: `${links.studentDashboard}/hours` } : { label: 'Book another session', url: `${links.siteUrl}/#booking` },
    },
    { calendar },
  );
}

/** The tutor's side of a student's skip, canceled subscription, or week not paid. */
export function tutorCancellationNotice(links: Links, customerName: string, meetings: MeetingFacts[], cause: 'skipped' | 'subscription-canceled' | 'unpaid-week', calendar: CalendarAttachment | undefined): Message[] {
  const first = meetings[0]!;
  const what = {
    skipped: `skipped ${subjectOf(first)} on ${formatMeetingTime(first.start)}`,
    'subscription-canceled': `canceled their weekly ${subjectOf(first)} sessions (${meetings.length} left on your schedule are off)`,
    'unpaid-week': `has no way to pay for ${subjectOf(first)} on ${formatMeetingTime(first.start)} (no hours left, no card on file), so it is not booked`,
  }[cause];
  const subject = {
    skipped: `${customerName} skipped ${formatShortTime(first.start)}`,
    'subscription-canceled': `${customerName} canceled their weekly sessions`,
    'unpaid-week': `${customerName}'s ${formatShortTime(first.start)} is not booked`,
  }[cause];
  const sms = {
    skipped: `${customerName} skipped ${subjectOf(first)} on ${formatShortTime(first.start)}.`,
    'subscription-canceled': `${customerName} canceled their weekly ${subjectOf(first)} sessions.`,
    'unpaid-week': `${customerName}'s ${subjectOf(first)} on ${formatShortTime(first.start)} is not booked (not paid).`,
  }[cause];
  return [
    renderEmail(
      first.tutor.email,
      subject,
      {
        greeting: `Hi ${first.tutor.name},`,
        paragraphs: [`${customerName} ${what}.`, calendar ? 'The attached update removes it from your calendar.' : 'Other students are still booked for it, so it stays on your schedule.'],
        ...(cause === 'subscription-canceled' ? { list: meetings.map(meetingLine) } : {}),
        action: { label: 'Open your schedule', url: links.tutorDashboard },
      },
      calendar ? { calendar } : {},
    ),
    text(first.tutor.phone, sms),
  ];
}

// ---- a meeting re-assigned to another tutor (domain/meetings/reassign.ts) ------------------------------

/** What the customer and both tutors are told of a re-assign: the meetings, before and after. */
export interface Reassignment {
  /** The meetings as they are now (the new tutor's), earliest first. */
  meetings: MeetingFacts[];
  /** The tutor they were with. */
  previousTutor: string;
  /** Where a meeting was when its customers were last told, if it moved. */
  previousStarts: Map<number, Date>;
  /** A weekly series' weeks from a day on (else one meeting). */
  series: boolean;
}

const names = (people: string[]) => (people.length <= 1 ? (people[0] ?? '') : `${people.slice(0, -1).join(', ')} and ${people.at(-1)}`);
const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);

/** The customer's updated invite: the same entries (same UID, higher SEQUENCE), naming the new tutor. */
export function customerReassigned(links: Links, customer: Person, change: Reassignment, calendar: CalendarAttachment): Message {
  const first = change.meetings[0]!;
  const tutor = first.tutor.name;
  const before = change.previousStarts.get(first.id);
  const lead = change.series
    ? `From ${formatMeetingTime(first.start)}, your weekly ${subjectOf(first)} sessions are with ${tutor} instead of ${change.previousTutor}, ${where(first)}. These are the sessions with ${tutor}:`
    : before
      ? `Your ${subjectOf(first)} session with ${change.previousTutor} on ${formatMeetingTime(before)} moved to ${formatMeetingTime(first.start)}, and it is now with ${tutor}, ${where(first)}.`
      : `Your ${subjectOf(first)} session on ${formatMeetingTime(first.start)} is now with ${tutor} instead of ${change.previousTutor}, ${where(first)}.`;
  return renderEmail(
    customer.email,
    change.series ? `New tutor: weekly ${subjectOf(first)} with ${tutor}` : `New tutor: ${subjectOf(first)} on ${formatShortTime(first.start)} with ${tutor}`,
    {
      greeting: `Hi ${customer.firstname},`,
      paragraphs: [
        lead,
        change.series
          ? 'What you paid stays as it is, and your weekly charges continue as before: nothing is refunded or charged for this change.'
          : 'What you paid stays as it is: nothing is refunded or charged for this change.',
        'The attached invite updates your calendar.',
        `If this does not suit you, call or text us at ${phone()}. You can still skip a session from your dashboard until 12 hours before it starts.`,
      ],
      ...(change.series ? { list: change.meetings.map(meetingLine) } : {}),
      action: { label: 'See your sessions', url: links.studentDashboard },
    },
    { calendar },
  );
}

/** The tutor who had the meetings: they are off their schedule (METHOD:CANCEL of the entries they had). */
export function tutorReassignedAway(links: Links, had: MeetingFacts[], customers: string[], change: Reassignment, calendar: CalendarAttachment): Message[] {
  const first = had[0]!;
  const who = names(customers);
  const now = change.meetings[0]!.tutor.name;
  return [
    renderEmail(
      first.tutor.email,
      change.series ? `No longer yours: weekly ${subjectOf(first)} with ${who}` : `No longer yours: ${subjectOf(first)} with ${who} on ${formatShortTime(first.start)}`,
      {
        greeting: `Hi ${first.tutor.name},`,
        paragraphs: [
          change.series
            ? `${possessive(who)} weekly ${subjectOf(first)} sessions from ${formatMeetingTime(first.start)} are now with ${now}. They are off your schedule:`
            : `${possessive(who)} ${subjectOf(first)} session on ${formatMeetingTime(first.start)} is now with ${now}. It is off your schedule.`,
          `The attached update removes ${change.series ? 'them' : 'it'} from your calendar.`,
        ],
        ...(change.series ? { list: had.map(meetingLine) } : {}),
        action: { label: 'Open your schedule', url: links.tutorDashboard },
      },
      { calendar },
    ),
    text(first.tutor.phone, `${possessive(who)} ${change.series ? 'weekly ' : ''}${subjectOf(first)} ${change.series ? 'from' : 'on'} ${formatShortTime(first.start)} is now with ${now}; it is off your schedule.`),
  ];
}

/** The tutor who takes the meetings: told as of a booking, with the invite. */
export function tutorReassignedTo(links: Links, customers: string[], change: Reassignment, calendar: CalendarAttachment): Message[] {
  const first = change.meetings[0]!;
  const who = names(customers);
  const what = change.series
    ? `weekly ${subjectOf(first)} sessions (${change.meetings.length} meetings) from ${formatMeetingTime(first.start)}`
    : `${subjectOf(first)} session on ${formatMeetingTime(first.start)}`;
  return [
    renderEmail(
      first.tutor.email,
      `New session: ${who}, ${subjectOf(first)}`,
      {
        greeting: `Hi ${first.tutor.name},`,
        paragraphs: [`${possessive(who)} ${what}, ${where(first)}, ${change.series ? 'are' : 'is'} now yours: re-assigned to you from ${change.previousTutor}.`, 'The attached invite adds it to your calendar.'],
        ...(change.series ? { list: change.meetings.map(meetingLine) } : {}),
        action: { label: 'Open your schedule', url: links.tutorDashboard },
      },
      { calendar },
    ),
    text(first.tutor.phone, `${possessive(who)} ${change.series ? 'weekly ' : ''}${subjectOf(first)} starting ${formatShortTime(first.start)}, ${first.place}, is now yours (re-assigned from ${change.previousTutor}).`),
  ];
}

// ---- reminders --------------------------------------------------------------------------------

export type ReminderLead = '24h' | '1h';
const leadWords = (lead: ReminderLead) => (lead === '24h' ? 'tomorrow' : 'in an hour');

export function customerReminder(links: Links, customer: Person, meeting: MeetingFacts, lead: ReminderLead): Message {
  return renderEmail(customer.email, `Reminder: ${subjectOf(meeting)} ${leadWords(lead)}, ${formatShortTime(meeting.start)}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [
      `Your ${meetingName(meeting)} starts ${leadWords(lead)}: ${formatMeetingTime(meeting.start)}, ${where(meeting)}.`,
      lead === '24h' ? `Can't make it? Skip it from your dashboard until 12 hours before the start, or call or text us at ${phone()}.` : `Running late? Call or text us at ${phone()}.`,
    ],
    action: { label: 'See your sessions', url: links.studentDashboard },
  });
}

export function customerReminderText(customer: Person, meeting: MeetingFacts, lead: ReminderLead, optOutUrl: string): Message {
  return text(customer.phone, `${subjectOf(meeting)} with ${meeting.tutor.name} ${leadWords(lead)}, ${formatShortTime(meeting.start)}, ${meeting.place}. No more reminder texts: ${optOutUrl}`);
}

export function tutorReminder(links: Links, meeting: MeetingFacts, students: string[], lead: ReminderLead): Message[] {
  const who = students.join(' and ');
  return [
    renderEmail(meeting.tutor.email, `Reminder: ${subjectOf(meeting)} with ${who} ${leadWords(lead)}`, {
      greeting: `Hi ${meeting.tutor.name},`,
      paragraphs: [`Your ${subjectOf(meeting)} session with ${who} starts ${leadWords(lead)}: ${formatMeetingTime(meeting.start)}, ${where(meeting)}.`],
      action: { label: 'Open your schedule', url: links.tutorDashboard },
    }),
    text(meeting.tutor.phone, `${subjectOf(meeting)} with ${who} ${leadWords(lead)}, ${formatShortTime(meeting.start)}, ${meeting.place}.`),
  ];
}

// ---- money ------------------------------------------------------------------------------------

export type ChargeKind = 'booking' | 'weekly';

export function chargeReceipt(links: Links, customer: Person, meeting: MeetingFacts, kind: ChargeKind, cents: number, card: string | null, paymentId: number): Message {
  const forWhat = { booking: 'your booking', weekly: 'this week of your weekly sessions' }[kind];
  return receipt(links, customer, meeting, cents, card, paymentId, [`We charged ${centsToDollars(cents)} for ${forWhat}.`]);
}

/** Overtime's receipt names who entered the extra time and how to dispute it. */
export function overtimeReceipt(links: Links, customer: Person, meeting: MeetingFacts, cents: number, card: string | null, paymentId: number, enteredBy: string): Message {
  return receipt(links, customer, meeting, cents, card, paymentId, [
    `We charged ${centsToDollars(cents)} for the extra time of your session, entered by ${enteredBy}.`,
    `To dispute it (if your session did not run over), call or text ${phone()} with the receipt number.`,
  ]);
}

function receipt(links: Links, customer: Person, meeting: MeetingFacts, cents: number, card: string | null, paymentId: number, paragraphs: string[]): Message {
  return renderEmail(customer.email, `Receipt: ${centsToDollars(cents)} for ${subjectOf(meeting)} on ${formatShortTime(meeting.start)}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs,
    list: [
      `Amount: ${centsToDollars(cents)}`,
      `Session: ${meetingName(meeting)}, ${formatMeetingTime(meeting.start)}`,
      `Card: ${card ? `ending in ${card}` : 'your card'}`,
      `Receipt number: ${paymentId}`,
    ],
    action: { label: 'See your sessions', url: links.studentDashboard },
  });
}

export function refundReceipt(links: Links, customer: Person, meeting: MeetingFacts, cents: number, card: string | null, paymentId: number): Message {
  return renderEmail(customer.email, `Refund: ${centsToDollars(cents)} for ${subjectOf(meeting)} on ${formatShortTime(meeting.start)}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [`We refunded ${centsToDollars(cents)} to your card. Banks take 5 to 10 days to show it.`],
    list: [
      `Amount: ${centsToDollars(cents)}`,
      `Session: ${meetingName(meeting)}, ${formatMeetingTime(meeting.start)}`,
      `Card: ${card ? `ending in ${card}` : 'the card you paid with'}`,
      `Receipt number: ${paymentId}`,
    ],
    action: { label: 'See your sessions', url: links.studentDashboard },
  });
}

/** An hour package's receipt: what was bought, the hours it gives and until when they can be booked. */
export function packageReceipt(
  links: Links,
  customer: Person,
  bought: { packageName: string; capacity: 1 | 2; paidHours: number; bonusHours: number; amountCents: number; expiresAt: Date },
  card: string | null,
  paymentId: number,
): Message {
  const hours = bought.paidHours + bought.bonusHours;
  const until = formatLongDate(Math.floor(bought.expiresAt.getTime() / 1000), site.timeZone);
  return renderEmail(customer.email, `Receipt: ${centsToDollars(bought.amountCents)} for ${bought.packageName}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [
      `We charged ${centsToDollars(bought.amountCents)} for ${bought.packageName}. You have ${hours} more ${packageSizeWords(bought.capacity)} ${hours === 1 ? 'hour' : 'hours'} to book with, until ${until}.`,
    ],
    list: [
      `Amount: ${centsToDollars(bought.amountCents)}`,
      `Hours: ${bought.paidHours}${bought.bonusHours > 0 ? ` and ${bought.bonusHours} bonus` : ''} (${packageSizeWords(bought.capacity)})`,
      `Book them by: ${until}`,
      `Card: ${card ? `ending in ${card}` : 'your card'}`,
      `Receipt number: ${paymentId}`,
    ],
    action: { label: 'See your hours', url: `${links.studentDashboard}/hours` },
  });
}

/** A package's hours left expire in 14 days: a nudge to book them. */
export function creditsExpiringNotice(links: Links, customer: Person, lot: { packageName: string; capacity: 1 | 2; hoursLeft: number; expiresAt: Date }): Message {
  const until = formatLongDate(Math.floor(lot.expiresAt.getTime() / 1000), site.timeZone);
  const hours = `${lot.hoursLeft} ${packageSizeWords(lot.capacity)} ${lot.hoursLeft === 1 ? 'hour' : 'hours'}`;
  return renderEmail(customer.email, `Your ${hours} expire on ${until}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [`You still have ${hours} from ${lot.packageName}. Book them by ${until}: after that they expire and cannot be used or refunded.`],
    action: { label: 'Book a session', url: links.studentDashboard },
  });
}

/**
 * A weekly subscription paid with hours used the last hour of its size: the weeks to come are
 * charged to the card on file, or not booked without one, unless more hours are bought.
 */
export function weeklyHoursRanOut(links: Links, customer: Person & { card: string | null }, facts: { capacity: 1 | 2; tutorName: string; start: Date; amountCents: number }): Message {
  const size = packageSizeWords(facts.capacity);
  const when = formatMeetingTime(facts.start);
  const next = customer.card
    ? `Your weekly sessions with ${facts.tutorName} go on: from ${when}, each week is charged to your card ending in ${customer.card} (${centsToDollars(facts.amountCents)}) once it can no longer be skipped, 12 hours before it starts.`
    : `There is no card on file to pay your weekly session with ${facts.tutorName} on ${when}: it will not be booked unless you buy hours before it can no longer be skipped, 12 hours before it starts.`;
  return renderEmail(customer.email, `Your ${size} hours have run out`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [`You have used your last ${size} hour.`, next, 'Buy hours to keep paying for your weeks with hours.'],
    action: { label: 'Buy hours', url: `${links.studentDashboard}/hours` },
  });
}

/** A supervisor's answer to a claim of the pass guarantee. */
export function guaranteeClaimAnswer(links: Links, customer: Person, decision: { courseNumber: string; approved: boolean; refundCents: number; reason: string | null }): Message {
  return renderEmail(customer.email, decision.approved ? `Your pass guarantee claim for ${decision.courseNumber} is approved` : `Your pass guarantee claim for ${decision.courseNumber}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: decision.approved
      ? [`We approved your claim of the pass guarantee for ${decision.courseNumber}, and refunded ${centsToDollars(decision.refundCents)}: every session of the course, to the cards that paid. Banks take 5 to 10 days to show it.`]
      : [`We looked at your claim of the pass guarantee for ${decision.courseNumber}, and could not approve it: ${decision.reason ?? ''}`, 'Reply to this email or call us if you think we missed something.'],
    action: { label: 'Open your dashboard', url: links.studentDashboard },
  });
}

/** The refund of an hour package's payment. */
export function packageRefundReceipt(links: Links, customer: Person, packageName: string, cents: number, card: string | null, paymentId: number): Message {
  return renderEmail(customer.email, `Refund: ${centsToDollars(cents)} for ${packageName}`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [`We refunded ${centsToDollars(cents)} to your card. Banks take 5 to 10 days to show it.`],
    list: [`Amount: ${centsToDollars(cents)}`, `For: ${packageName}`, `Card: ${card ? `ending in ${card}` : 'the card you paid with'}`, `Receipt number: ${paymentId}`],
    action: { label: 'See your hours', url: `${links.studentDashboard}/hours` },
  });
}

/** A weekly charge the card on file could not pay: declined (tried once more before the meeting), or needing the customer. */
export function weeklyChargeProblem(links: Links, customer: { firstname: string; email: string }, tutorName: string, start: Date, reason: 'declined' | 'requires_action', retry: Date | null): Message {
  const url = `${links.studentDashboard}/upcoming`;
  const when = formatMeetingTime(start);
  const what =
    reason === 'declined'
      ? `Your card was declined for your weekly session with ${tutorName} on ${when}. ` +
        (retry ? `We will try it once more on ${formatMeetingTime(retry)}; ` : '') +
        'please check your card in your dashboard.'
      : `Your bank asks you to confirm the payment for your weekly session with ${tutorName} on ${when}. Please confirm it in your dashboard.`;
  return renderEmail(customer.email, reason === 'declined' ? `Your ${site.brandName} payment failed` : `Please confirm your ${site.brandName} payment`, {
    greeting: `Hi ${customer.firstname},`,
    paragraphs: [what],
    action: { label: 'Open your dashboard', url },
  });
}

/** Spec 2's marker for a worked meeting without a summary, quoted in the tutor's digest. */
export const MISSING_SUMMARY_TEXT = 'Please enter a summary to get paid for this session.';

export function summaryDigest(links: Links, tutor: { name: string; email: string }, meetings: MeetingFacts[]): Message {
  return renderEmail(tutor.email, `${meetings.length} session${meetings.length === 1 ? '' : 's'} still need${meetings.length === 1 ? 's' : ''} a summary`, {
    greeting: `Hi ${tutor.name},`,
    paragraphs: [`${MISSING_SUMMARY_TEXT} These sessions have none yet:`],
    list: meetings.map((m) => `${subjectOf(m)}, ${formatMeetingTime(m.start)}`),
    action: { label: 'Write the summaries', url: `${links.tutorDashboard}` },
  });
}
