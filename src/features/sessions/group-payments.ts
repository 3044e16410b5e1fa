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

/** Of a weekly subscription, the upcoming list shows this many meetings until 'Show all N'. */
export const WEEKLY_SHOWN = 3;

/** A meeting of the upcoming list; `more` on a subscription's last meeting shown names it and counts all of its meetings. */
export type ListedGroup = MeetingGroup & { more?: { id: string; total: number } };

/**
 * The upcoming list as shown: each weekly subscription's first few meetings, all of them once its
 * id is in `expanded`. Meetings of nothing longer than that are all shown.
 */
export function showUpcoming(groups: MeetingGroup[], expanded: ReadonlySet<string>): ListedGroup[] {
  const subscription = (group: MeetingGroup) => String(group.payments.find((p) => p.subscription)?.subscription?.id ?? '');
  const totals = new Map<string, number>();
  for (const group of groups) totals.set(subscription(group), (totals.get(subscription(group)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return groups.flatMap((group) => {
    const id = subscription(group);
    const total = totals.get(id)!;
    if (!id || total <= WEEKLY_SHOWN) return [group];
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n === WEEKLY_SHOWN) return [{ ...group, more: { id, total } }];
    return n < WEEKLY_SHOWN || expanded.has(id) ? [group] : [];
  });
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
