import type { ClientErrorReport } from '../contract/schemas.ts';
import { send } from './http.ts';

/** Reports a script chunk that did not load, or a screen that failed to render, to the server log. */
export const reportClientError = (report: ClientErrorReport) => send('POST /client-errors', { form: { ...report } });
