import { accountCalls as calls } from '../../src/contract/calls/staff.ts';
import { feedCalendar, feedOwnerOf, feedState, newFeedAddress, turnFeedOff } from '../domain/calendar/calendar-feeds.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireAuth } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';
import { calendarResponse } from './meetings.ts';

/** The private calendar feed (additive to the contract): the rules are server/domain/calendar-feeds.ts. */
export function calendarFeedRoutes({ db, siteUrl }: RouteDeps) {
  const app = router();

  serve(app, calls.getCalendarFeed, async (c, input) => input.answer(await feedState(db, feedOwnerOf(requireAuth(c)))));

  serve(app, calls.createCalendarFeed, async (c, input) => input.answer({ active: true, url: await newFeedAddress(db, feedOwnerOf(requireAuth(c)), siteUrl) }));

  serve(app, calls.deleteCalendarFeed, async (c, input) => input.answer(await turnFeedOff(db, feedOwnerOf(requireAuth(c)))));

  // Not a valid feed address: NotFound, as for an unknown one.
  serve(app, calls.getCalendarFeedFile, async (c, input) => calendarResponse(c, await feedCalendar(db, input.param('file'), siteUrl), null));

  return app;
}
