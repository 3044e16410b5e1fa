import { bodyLimit } from 'hono/body-limit';
import { accountCalls as calls } from '../../src/contract/calls/staff.ts';
import type { RateRule } from '../domain/sign-in/rate-limits.ts';
import { Refusal } from '../domain/refusal.ts';
import { failed } from '../http/envelope.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { router } from '../http/router.ts';
import { serve } from '../http/declared.ts';
import type { RouteDeps } from './deps.ts';

/** A report is a few short fields; anything larger is not one of ours. */
export const MAX_CLIENT_ERROR_BYTES = 8 * 1024;

/**
 * A broken page reports once per failure and once per Retry: 20 reports in 10 minutes per client
 * address is more than a person produces, and bounds what a script can write to the log. Counted
 * in the database like the other limits, so it holds across instances.
 */
export const CLIENT_ERROR_LIMIT: RateRule = {
  name: 'client-errors',
  perAddress: { max: 20, seconds: 600 },
  // Reports aim at no account or address: only the client address is counted.
  perTarget: { max: 20, seconds: 600 },
};

/**
 * A value as one quoted token of a log line: JSON escaping, plus the characters JSON leaves as
 * they are but a terminal or a log viewer acts on (DEL, the C1 controls, the Unicode line and
 * paragraph separators), so a report can neither split a line nor forge one.
 */
export function logToken(value: string): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * POST /api/client-errors: the front end's error boundaries report a script chunk that did not
 * load, or a screen that failed to render (spec 1 §1). One escaped line goes to the server log;
 * no cookie, sign-in or header is written, only the report's own fields.
 */
export function clientErrorRoutes({ db, log }: RouteDeps) {
  const app = router();

  serve(
    app,
    calls.reportClientError,
    async (c, input) => {
      await enforceRateLimit(c, db, CLIENT_ERROR_LIMIT, []);
      const report = await input.form();
      const chunk = report.chunk_url === undefined ? '' : ` chunk=${logToken(report.chunk_url)}`;
      log(`client-error ${report.name} where=${logToken(report.where)} page=${logToken(report.page)}${chunk} message=${logToken(report.message)}`);
      return input.answer(null);
    },
    bodyLimit({
      maxSize: MAX_CLIENT_ERROR_BYTES,
      onError: (c) => failed(c, new Refusal('BadInput', { fields: { _: 'Request body too large' } }), 413),
    }),
  );

  return app;
}
