import type { Id } from '../contract/entities.ts';
import { segment, send } from './http.ts';

/**
 * Where a meeting's calendar entry downloads (an .ics attachment, not an envelope): the meeting
 * cards link to it, so the browser fetches it with the session cookie and saves the file.
 */
export const meetingCalendarPath = (meetingId: Id) => `/api/meetings/${segment(meetingId)}/calendar`;

/** The one-click opt-out link of a reminder text (`/texts/stop?c=…&s=…`); may fail with BadToken. */
export const stopTextReminders = (customer: string, signature: string) =>
  send('POST /text-reminders/stop', { form: { customer, signature } });
