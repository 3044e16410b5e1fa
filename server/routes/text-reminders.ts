import { accountCalls as calls } from '../../src/contract/calls/staff.ts';
import { stopTextReminders } from '../domain/calendar/calendar-feeds.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import type { RouteDeps } from './deps.ts';

/** Reminder texts: the one-click opt-out link a text carries (signed, so it needs no sign-in). */
export function textReminderRoutes({ db }: RouteDeps) {
  const app = router();

  serve(app, calls.stopTextReminders, async (_c, input) => {
    const { customer, signature } = await input.form();
    await stopTextReminders(db, customer, signature);
    return input.answer({ text_reminders: false });
  });

  return app;
}
