import type { CalendarFeedStatus, Id, NewCalendarFeed } from '../contract/entities.ts';
import { request, segment } from './http.ts';

/**
 * Where a meeting's calendar entry downloads (an .ics attachment, not an envelope): the meeting
 * cards link to it, so the browser fetches it with the session cookie and saves the file.
 */
export const meetingCalendarPath = (meetingId: Id) => `/api/meetings/${segment(meetingId)}/calendar`;

/** Whether the signed-in customer or tutor has a private calendar feed, and since when. */
export const getCalendarFeed = () => request<CalendarFeedStatus>('GET', '/api/calendar-feed');

/** Makes a new secret feed address (the old one stops working); the address is shown only now. */
export const createCalendarFeed = () => request<NewCalendarFeed>('POST', '/api/calendar-feed');

/** Turns the feed off: its address stops working. */
export const deleteCalendarFeed = () => request<CalendarFeedStatus>('DELETE', '/api/calendar-feed');

/** The one-click opt-out link of a reminder text (`/texts/stop?c=…&s=…`); may fail with BadToken. */
export const stopTextReminders = (customer: string, signature: string) =>
  request<{ text_reminders: false }>('POST', '/api/text-reminders/stop', { form: { customer, signature } });
