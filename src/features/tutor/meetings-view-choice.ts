import { createContext, useContext, useState } from 'react';
import { MEETINGS_VIEW_COOKIE, type MeetingsView, meetingsViewOf } from '../../lib/week-range.ts';

/** The choice the server read from the request's cookie (src/islands/render-dashboard.tsx); none in the browser. */
export const ServerMeetingsView = createContext<MeetingsView | null>(null);

const cookieView = (): MeetingsView =>
  meetingsViewOf(typeof document === 'undefined' ? undefined : /(?:^|;\s*)tutor_view=([^;]*)/.exec(document.cookie)?.[1]);

/**
 * The list or the week, as the tutor last chose (a year-long cookie). The browser's first render
 * reads the same cookie the server's did, so hydration matches.
 */
export function useMeetingsView(): [MeetingsView, (view: MeetingsView) => void] {
  const server = useContext(ServerMeetingsView);
  const [view, setView] = useState<MeetingsView>(() => server ?? cookieView());
  const choose = (next: MeetingsView) => {
    document.cookie = `${MEETINGS_VIEW_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    setView(next);
  };
  return [view, choose];
}
