import type { Report } from '../contract/entities.ts';
import { request } from './http.ts';

/** A period's report, days `from` to `to` (YYYY-MM-DD, the site's zone, both counted): supervisors only. */
export const getReport = (from: string, to: string) => request<Report>('GET', '/api/reports', { query: { from, to } });
