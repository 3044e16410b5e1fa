import { site } from '../../src/config/site.ts';
import { formatPhone } from '../../src/lib/phone.ts';
import type { Sender } from './sender.ts';

/** A meeting's start as people read it, in the site's zone with its abbreviation. */
export function formatMeetingTime(start: Date, timeZone: string = site.timeZone): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(start);
}

export interface Attendee {
  email: string;
  firstname: string;
}

export interface NoticeMeeting {
  tutorName: string;
  courseName: string | null;
  start: Date;
}

const sessionName = (meeting: NoticeMeeting) => `${meeting.courseName ? `${meeting.courseName} session` : 'tutoring session'} with ${meeting.tutorName}`;

/**
 * Tells each attendee of a change to their meeting. Sent after the change is committed; a failed
 * send is logged and does not undo the change (the dashboard shows the truth either way).
 */
async function tellAttendees(sender: Sender, attendees: Attendee[], subject: string, body: (a: Attendee) => string, log: (line: string) => void) {
  for (const attendee of attendees) {
    try {
      await sender.send({ channel: 'email', to: attendee.email, subject, text: body(attendee) });
    } catch (error) {
      log(`notice to a customer failed: ${(error as Error).message}`);
    }
  }
}

export function noticeCanceled(sender: Sender, meeting: NoticeMeeting, attendees: Attendee[], log: (line: string) => void = console.log) {
  return tellAttendees(
    sender,
    attendees,
    `Your ${site.brandName} session was canceled`,
    (a) =>
      `Hi ${a.firstname},\n\nYour tutor canceled your ${sessionName(meeting)} on ${formatMeetingTime(meeting.start)}. ` +
      `Everything you paid for it is refunded to your card.\n\nYou can book another time on our site.`,
    log,
  );
}

export function noticeRescheduled(sender: Sender, meeting: NoticeMeeting, previousStart: Date, attendees: Attendee[], log: (line: string) => void = console.log) {
  return tellAttendees(
    sender,
    attendees,
    `Your ${site.brandName} session has a new time`,
    (a) =>
      `Hi ${a.firstname},\n\nYour ${sessionName(meeting)} moved from ${formatMeetingTime(previousStart)} to ${formatMeetingTime(meeting.start)}.\n\n` +
      `If the new time does not suit you, call or text us at ${formatPhone(site.supportPhone)}.`,
    log,
  );
}
