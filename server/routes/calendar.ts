import type { Context } from 'hono';
import { z } from 'zod';
import { id } from '../../src/contract/schemas.ts';
import type { Db } from '../domain/handle.ts';
import { feedCalendar, feedOwnerOf, feedState, meetingCalendar, newFeedAddress, stopTextReminders, turnFeedOff } from '../domain/calendar-feeds.ts';
import { Refusal } from '../domain/refusal.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireAuth } from '../http/sign-in.ts';
import { parseForm, parseParam } from '../http/validate.ts';

const feedToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const textOptOutForm = z.object({ customer: id, signature: z.string().regex(/^[0-9a-f]{24}$/) });

function calendarResponse(c: Context, body: string, filename: string | null) {
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
  });
}

/** Calendar calls (additive to the contract): the rules are server/domain/calendar-feeds.ts. */
export function calendarRoutes(db: Db, siteUrl: string) {
  const app = router();

  app.get('/meetings/:id/calendar', async (c) => {
    const auth = requireAuth(c);
    const meetingId = parseParam(c, 'id', id);
    return calendarResponse(c, await meetingCalendar(db, auth, meetingId, siteUrl), `session-${meetingId}.ics`);
  });

  app.get('/calendar-feed', async (c) => ok(c, await feedState(db, feedOwnerOf(requireAuth(c)))));

  app.post('/calendar-feed', async (c) => ok(c, { active: true, url: await newFeedAddress(db, feedOwnerOf(requireAuth(c)), siteUrl) }, 201));

  app.delete('/calendar-feed', async (c) => ok(c, await turnFeedOff(db, feedOwnerOf(requireAuth(c)))));

  app.get('/calendar-feed/:file', async (c) => {
    const parsed = feedToken.safeParse(c.req.param('file').replace(/\.ics$/, ''));
    if (!parsed.success) throw new Refusal('NotFound');
    return calendarResponse(c, await feedCalendar(db, parsed.data, siteUrl), null);
  });

  app.post('/text-reminders/stop', async (c) => {
    const { customer, signature } = await parseForm(c, textOptOutForm);
    await stopTextReminders(db, customer, signature);
    return ok(c, { text_reminders: false });
  });

  return app;
}
