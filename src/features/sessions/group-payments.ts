import type { Meeting, Payment } from '../../contract/entities.ts';

export interface MeetingGroup {
  meeting: Meeting;
  payments: Payment[];
}

/** Payments grouped by their meeting (a meeting may carry a booking payment and overtime payments). */
export function groupByMeeting(payments: Payment[]): MeetingGroup[] {
  const groups = new Map<string, MeetingGroup>();
  for (const payment of payments) {
    const key = String(payment.meeting.id);
    const group = groups.get(key) ?? { meeting: payment.meeting, payments: [] };
    group.payments.push(payment);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export const isUpcoming = (meeting: Meeting, nowMs = Date.now()) => meeting.occurrence_epoch * 1000 > nowMs;

/** Upcoming meetings the student still attends, soonest first (skipped ones drop out). */
export function upcomingGroups(payments: Payment[], nowMs = Date.now()): MeetingGroup[] {
  return groupByMeeting(payments)
    .filter((g) => isUpcoming(g.meeting, nowMs) && g.payments.some((p) => p.payment_status !== 'canceled'))
    .sort((a, b) => a.meeting.occurrence_epoch - b.meeting.occurrence_epoch);
}

/** Past meetings, most recent first. */
export function historyGroups(payments: Payment[], nowMs = Date.now()): MeetingGroup[] {
  return groupByMeeting(payments)
    .filter((g) => !isUpcoming(g.meeting, nowMs))
    .sort((a, b) => b.meeting.occurrence_epoch - a.meeting.occurrence_epoch);
}

/** Spec 2 §2: a past meeting with more than one payment notes the extra time billed. */
export function extraTimeNote(payments: Payment[]): string | null {
  if (payments.length <= 1) return null;
  // Failed or refunded overtime was not billed.
  const billed = payments.filter((p) => p.is_incremental && p.payment_status !== 'requires_payment_method' && p.payment_status !== 'canceled');
  const minutes = billed.reduce((sum, p) => sum + p.minutes_paid, 0);
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} of extra time billed in ${payments.length} separate transactions`;
}
