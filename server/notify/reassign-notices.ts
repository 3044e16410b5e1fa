import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { BOOKED_STATUSES } from '../domain/booked.ts';
import { invite } from './calendar.ts';
import { inOrder, meetingFacts } from './meeting-details.ts';
import { attendee, customersById, fullName } from './planner.ts';
import { enqueue, type QueuedMessage } from './queue.ts';
import { customerReassigned, linksFor, type MeetingFacts, type Reassignment, tutorReassignedAway, tutorReassignedTo } from './templates.ts';

export interface ReassignEvent {
  /** The meetings that moved. */
  meetingIds: number[];
  /** The meetings as they were, with the tutor who had them (read before the change). */
  before: Map<number, MeetingFacts>;
  /** Where a meeting was when its customers were last told, if it moved. */
  previousStarts: Map<number, Date>;
  previousTutor: string;
  series: boolean;
}

/**
 * A re-assign's messages, queued in its own transaction (after the meetings changed) and sent
 * after the commit: each customer told of the booking gets the updated invite naming the new tutor
 * (same UIDs, the new SEQUENCE), the tutor who had the meetings a CANCEL of their entries (email
 * and text), the new tutor the invite and a text as for a booking. A booking not told yet is told
 * by the planner's confirmation, which names the new tutor by then (the change waited for any
 * confirmation being written: domain/reassign.ts), so nobody is told here of it, the old tutor
 * included. Once per change: the key holds the first meeting and its new SEQUENCE.
 */
export async function queueReassignNotices(trx: Transaction<Database>, event: ReassignEvent, siteUrl: string): Promise<number> {
  const told = await trx
    .selectFrom('payments')
    .select(['customer_id', 'meeting_id'])
    .distinct()
    .where('meeting_id', 'in', event.meetingIds)
    .where('is_incremental', '=', false)
    .where('notified_booking', '=', true)
    .where('payment_status', 'in', BOOKED_STATUSES)
    .execute();
  if (told.length === 0) return 0;
  const links = linksFor(siteUrl);
  const after = await meetingFacts(trx, event.meetingIds);
  const customers = await customersById(trx, told.map((t) => t.customer_id));
  const toldIds = [...new Set(told.map((t) => t.meeting_id))];
  const meetings = inOrder(after, toldIds);
  const change: Reassignment = { meetings, previousTutor: event.previousTutor, previousStarts: event.previousStarts, series: event.series };
  const attendeesOf = (meetingId: number) =>
    told.filter((t) => t.meeting_id === meetingId).map((t) => customers.get(t.customer_id)!).map(attendee);
  const everyone = [...customers.values()].map(fullName);

  const messages: Omit<QueuedMessage, 'key'>[] = [];
  for (const customer of customers.values()) {
    const own = meetings.filter((m) => told.some((t) => t.meeting_id === m.id && t.customer_id === customer.id));
    const entries = own.map((meeting) => ({ meeting, attendees: [attendee(customer)] }));
    messages.push(customerReassigned(links, customer, { ...change, meetings: own }, invite(entries, 'REQUEST', siteUrl)));
  }
  const had = inOrder(event.before, toldIds);
  messages.push(...tutorReassignedAway(links, had, everyone, change, invite(had.map((meeting) => ({ meeting, attendees: attendeesOf(meeting.id) })), 'CANCEL', siteUrl)));
  messages.push(...tutorReassignedTo(links, everyone, change, invite(meetings.map((meeting) => ({ meeting, attendees: attendeesOf(meeting.id) })), 'REQUEST', siteUrl)));
  const key = `reassigned:${meetings[0]!.id}:${meetings[0]!.sequence}`;
  return enqueue(trx, messages.map((message, index) => ({ ...message, key: `${key}:${index}` })));
}
