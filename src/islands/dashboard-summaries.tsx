import { getPagePath } from '@nanostores/router';
import { $router } from '../features/dashboard/router.ts';
import { SummaryMeetingCard } from '../features/sessions/SummaryMeetingCard.tsx';
import { RecentSessionsScreen } from '../features/team/RecentSessionsScreen.tsx';

/** The supervisor's Recent Sessions with their summary cards: a chunk of its own, loaded when the screen is opened. */
export function TutorAllSummariesScreen() {
  return (
    <RecentSessionsScreen
      renderMeeting={({ meeting, payments }) => <SummaryMeetingCard meeting={meeting} payments={payments} />}
      schedulePath={getPagePath($router, 'tutorSchedule', { tutorId: 'myself' })}
    />
  );
}
