import { send } from './http.ts';

/** A period's report, days `from` to `to` (YYYY-MM-DD, the site's zone, both counted): supervisors only. */
export const getReport = (from: string, to: string) => send('GET /reports', { query: { from, to } });
