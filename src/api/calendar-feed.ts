import { send } from './http.ts';

// The private calendar feed's calls, apart from calendar.ts: that module is part of the dashboards'
// app shell (the meeting cards' calendar links), these load with the feed's panel when it is opened.

/** Whether the signed-in customer or tutor has a private calendar feed, and since when. */
export const getCalendarFeed = () => send('GET /calendar-feed');

/** Makes a new secret feed address (the old one stops working); the address is shown only now. */
export const createCalendarFeed = () => send('POST /calendar-feed');

/** Turns the feed off: its address stops working. */
export const deleteCalendarFeed = () => send('DELETE /calendar-feed');
