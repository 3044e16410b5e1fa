import type { CalendarFeedStatus, NewCalendarFeed } from '../contract/entities.ts';
import { request } from './http.ts';

// The private calendar feed's calls, apart from calendar.ts: that module is part of the dashboards'
// app shell (the meeting cards' calendar links), these load with the feed's panel when it is opened.

/** Whether the signed-in customer or tutor has a private calendar feed, and since when. */
export const getCalendarFeed = () => request<CalendarFeedStatus>('GET', '/api/calendar-feed');

/** Makes a new secret feed address (the old one stops working); the address is shown only now. */
export const createCalendarFeed = () => request<NewCalendarFeed>('POST', '/api/calendar-feed');

/** Turns the feed off: its address stops working. */
export const deleteCalendarFeed = () => request<CalendarFeedStatus>('DELETE', '/api/calendar-feed');
