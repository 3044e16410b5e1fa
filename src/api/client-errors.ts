import type { ClientErrorReport } from '../contract/schemas.ts';
import { request } from './http.ts';

/** Reports a script chunk that did not load, or a screen that failed to render, to the server log. */
export const reportClientError = (report: ClientErrorReport) => request<null>('POST', '/api/client-errors', { form: { ...report } });
