import type { Transaction } from 'kysely';
import type { Meeting, PayrollApproval } from '../../../src/contract/entities.ts';
import { now, nowMs } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { meetingView, refuseBy, type Staff } from '../meetings/meeting-changes.ts';
import { type Approval, approvalEffect, approvalRefusal, durationChangeEffect, type PaidTimeFacts } from './paid-time-rules.ts';
import { payPeriodOf } from './pay-periods.ts';
import { type PayrollContext, payrollOf } from './payroll.ts';
import { Refusal } from '../refusal.ts';

/**
 * Paid time a supervisor approves (issue 33, decision 022). A tutor's change of a session's
 * duration is paid once a supervisor approves it (paid-time-rules.ts); meanwhile payroll, My Hours
 * and the team view pay the minutes approved before (the booked hour at first). Every change and
 * approval is kept in `duration_changes` with who made it and when, and the meeting holds the
 * current state (`paid_mins`, the change awaiting approval, the last approval).
 */

type Trx = Transaction<Database>;

const paidTimeColumns = ['id', 'tutor_id', 'occurrence', 'canceled', 'duration_mins', 'paid_mins', 'duration_requested_at'] as const;

const paidTimeOf = (row: { duration_mins: number; paid_mins: number | null; duration_requested_at: Date | null }): PaidTimeFacts => ({
  durationMins: row.duration_mins,
  paidMins: row.paid_mins,
  awaiting: row.duration_requested_at !== null,
});

/**
 * Writes a new duration of a meeting with what it does to the paid time: a tutor's change (or a
 * supervisor's of their own session) awaits approval, a supervisor's of another tutor's is
 * approved as entered. Called by the duration change (overtime-charges.ts setDuration) inside its
 * transaction, the meeting's row locked; the customers' overtime is that call's business, unchanged.
 */
export async function recordDurationChange(trx: Trx, staff: Staff, meetingId: number, minutes: number): Promise<void> {
  const meeting = await trx.selectFrom('meetings').select([...paidTimeColumns]).where('id', '=', meetingId).executeTakeFirstOrThrow();
  const effect = durationChangeEffect({ role: staff.role, own: meeting.tutor_id === staff.tutorId }, paidTimeOf(meeting), minutes);
  if (!effect) return;
  const at = now();
  await trx
    .updateTable('meetings')
    .set({
      duration_mins: minutes,
      paid_mins: effect.paidMins,
      duration_requested_by: effect.awaiting ? staff.tutorId : null,
      duration_requested_at: effect.awaiting ? at : null,
      ...(effect.kind === 'set' ? { duration_approved_by: staff.tutorId, duration_approved_at: at } : {}),
    })
    .where('id', '=', meetingId)
    .execute();
  await trx.insertInto('duration_changes').values({ meeting_id: meetingId, kind: effect.kind, duration_mins: minutes, paid_mins: effect.paidMins, changed_by: staff.tutorId, changed_at: at }).execute();
}

/** Writes an approval (the meeting's row locked): the paid time, nothing awaiting, who approved and when, and its history row. */
async function writeApproval(trx: Trx, staff: Staff, meeting: { id: number; duration_mins: number }, approval: Approval): Promise<void> {
  const at = now();
  await trx
    .updateTable('meetings')
    .set({ paid_mins: approval.paidMins, duration_requested_by: null, duration_requested_at: null, duration_approved_by: staff.tutorId, duration_approved_at: at })
    .where('id', '=', meeting.id)
    .execute();
  await trx
    .insertInto('duration_changes')
    .values({ meeting_id: meeting.id, kind: approval.kind, duration_mins: meeting.duration_mins, paid_mins: approval.paidMins, changed_by: staff.tutorId, changed_at: at })
    .execute();
}

/**
 * A supervisor approves a session's paid time (POST /api/meetings/{id}/duration-approval): the
 * duration a change awaits, or `minutes` (an edit, then approved). Never their own session's
 * (CannotApproveOwnDuration), never a session that has not started. Approving with nothing
 * awaiting changes nothing. A session already paid in a frozen period is paid the difference by
 * the next unpaid period (payroll.ts).
 */
export async function approveDuration(db: Db, staff: Staff, meetingId: number, minutes?: number): Promise<Meeting> {
  await db.transaction().execute(async (trx) => {
    const meeting = await trx.selectFrom('meetings').select([...paidTimeColumns]).where('id', '=', meetingId).forNoKeyUpdate().executeTakeFirst();
    if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
    refuseBy(approvalRefusal({ role: staff.role, own: meeting.tutor_id === staff.tutorId }, { startMs: new Date(meeting.occurrence).getTime() }, nowMs()));
    const approval = approvalEffect(paidTimeOf(meeting), minutes);
    if (approval) await writeApproval(trx, staff, meeting, approval);
  });
  return meetingView(db, meetingId);
}

/**
 * 'Approve all' (POST /api/payroll/approve-durations): every change of one tutor's that awaits
 * approval in the pay period starting on `firstDay`, as its payroll lists them (held in the period,
 * or paid by it), approved as entered. Refused for the supervisor's own sessions, as one by one.
 */
export async function approveTutorDurations(db: Db, staff: Staff, tutorId: number, firstDay: string, context: PayrollContext): Promise<PayrollApproval> {
  if (staff.role !== 'Supervisor') throw new Refusal('NotAuthorized');
  const period = payPeriodOf(firstDay, context.payPeriodFirstDay);
  if (period.first_day !== firstDay) throw new Refusal('BadInput', { fields: { first_day: `Not the first day of a pay period (this one starts on ${period.first_day})` } });
  if (tutorId === staff.tutorId) throw new Refusal('CannotApproveOwnDuration');
  const tutor = await db.selectFrom('tutors').select('id').where('id', '=', tutorId).executeTakeFirst();
  if (!tutor) throw new Refusal('TutorNotFound');
  const listed = (await payrollOf(db, firstDay, context)).awaiting.filter((a) => Number(a.tutor_id) === tutorId).map((a) => Number(a.meeting_id));
  const approved = await db.transaction().execute(async (trx) => {
    let count = 0;
    // In id order, as every other writer that locks several meetings.
    for (const meetingId of [...listed].sort((a, b) => a - b)) {
      const meeting = await trx.selectFrom('meetings').select([...paidTimeColumns]).where('id', '=', meetingId).forNoKeyUpdate().executeTakeFirstOrThrow();
      // Approved meanwhile by someone else, or canceled: nothing left to approve.
      const approval = meeting.canceled || meeting.tutor_id !== tutorId ? null : approvalEffect(paidTimeOf(meeting), undefined);
      if (!approval) continue;
      await writeApproval(trx, staff, meeting, approval);
      count += 1;
    }
    return count;
  });
  return { approved, payroll: await payrollOf(db, firstDay, context) };
}
