import { useStore } from '@nanostores/react';
import { getPagePath } from '@nanostores/router';
import { type ReactNode, Suspense, useEffect } from 'react';
import { $auth, ensureAuth } from '../features/auth/session-store.ts';
import { $router, type DashboardRoute } from '../features/dashboard/router.ts';
import { StaffMeetingCard } from '../features/sessions/StaffMeetingCard.tsx';
import { AvailabilityScreen, type RenderMeeting, ScheduleScreen, WorkHistoryScreen } from '../features/tutor/TutorMeetingsScreen.tsx';
import { type PhotoDialogRenderProps, TutorSidebar } from '../features/tutor/TutorSidebar.tsx';
import { ViewingBanner } from '../features/tutor/ViewingBanner.tsx';
import { useDashboardTutor } from '../features/tutor/use-dashboard-tutor.ts';
import { ViewedTutorContext } from '../features/dashboard/viewed-tutor.ts';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { lazyChunk } from '../ui/lazy-chunk.ts';
import { Loader } from '../ui/Loader.tsx';
import { CalendarFeedPanel } from './calendar-feed.tsx';

// The gradebook (with react-select) loads when one is opened, not with the schedule.
const TutorGradebookScreen = lazyChunk(() => import('../features/gradebook/GradebookScreen.tsx').then((m) => ({ default: m.TutorGradebookScreen })));
// The supervisor's team view (react-select again) loads when it is opened.
const TeamScreen = lazyChunk(() => import('../features/team/TeamScreen.tsx').then((m) => ({ default: m.TeamScreen })));
// Recent Sessions, another supervisor screen, loads when it is opened too, with its summary cards.
const TutorAllSummariesScreen = lazyChunk(() => import('./dashboard-summaries.tsx').then((m) => ({ default: m.TutorAllSummariesScreen })));
// Courses & Prices, another supervisor screen, loads when it is opened.
const CatalogScreen = lazyChunk(() => import('../features/catalog/CatalogScreen.tsx').then((m) => ({ default: m.CatalogScreen })));
// The gradebook lists, another screen, load when opened.
const GradebooksScreen = lazyChunk(() => import('../features/tutor/GradebooksScreen.tsx').then((m) => ({ default: m.GradebooksScreen })));
// Payroll, another supervisor screen, loads when it is opened.
const PayrollScreen = lazyChunk(() => import('../features/team/PayrollScreen.tsx').then((m) => ({ default: m.PayrollScreen })));
// My Hours loads when it is opened.
const HoursScreen = lazyChunk(() => import('../features/tutor/HoursScreen.tsx').then((m) => ({ default: m.HoursScreen })));
// The photo dialog (the team feature's) loads when the profile card is clicked.
const PhotoDialog = lazyChunk(() => import('../features/team/PhotoDialog.tsx').then((m) => ({ default: m.PhotoDialog })));

/**
 * The tutor side of the dashboard island, composed from the tutor, sessions and gradebook features.
 * DashboardApp.tsx loads this module on first use, so a student's first load does not carry it.
 */

/** Whether the signed-in viewer is a supervisor (false until the page knows: the server decides anyway). */
function useSupervisorViewer(): boolean {
  const auth = useStore($auth);
  useEffect(() => {
    if (auth.state === 'unknown') void ensureAuth();
  }, [auth.state]);
  return auth.state === 'signed-in' && auth.auth.tutor?.role === 'Supervisor';
}

function ViewerMeetingCard(props: Omit<Parameters<typeof StaffMeetingCard>[0], 'supervisor'>) {
  return <StaffMeetingCard {...props} supervisor={useSupervisorViewer()} />;
}

const card: RenderMeeting = ({ meeting, payments }, onChanged) => <ViewerMeetingCard meeting={meeting} payments={payments} onChanged={onChanged} />;
const historyCard: RenderMeeting = ({ meeting, payments }, onChanged) => (
  <ViewerMeetingCard meeting={meeting} payments={payments} onChanged={onChanged} withSummary />
);

// The feed is the signed-in tutor's own: a supervisor looking at another tutor's schedule does not see it.
export const TutorSchedule = ({ tutorId }: { tutorId: string }) => (
  <ScheduleScreen tutorId={tutorId} renderMeeting={card} extra={tutorId === 'myself' ? <CalendarFeedPanel /> : undefined} />
);
export const TutorAvailability = ({ tutorId }: { tutorId: string }) => <AvailabilityScreen tutorId={tutorId} renderMeeting={card} />;
export const TutorHistory = ({ tutorId }: { tutorId: string }) => <WorkHistoryScreen tutorId={tutorId} renderMeeting={historyCard} />;
export const TutorGradebooks = ({ tutorId }: { tutorId: string }) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <GradebooksScreen tutorId={tutorId} gradebookPath={(gradebookId) => getPagePath($router, 'tutorGradebook', { tutorId, gradebookId })} />
  </Suspense>
);
export const TutorAllGradebooks = ({ tutorId }: { tutorId: string }) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <GradebooksScreen showAll tutorId={tutorId} gradebookPath={(gradebookId) => getPagePath($router, 'tutorGradebook', { tutorId, gradebookId })} />
  </Suspense>
);
export const TutorTeam = ({ tutorId }: { tutorId: string }) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <TeamScreen
      tutorId={tutorId}
      dashboardPath={(id) => getPagePath($router, 'tutorHistory', { tutorId: id })}
      schedulePath={getPagePath($router, 'tutorSchedule', { tutorId: 'myself' })}
      ownTeamPath={getPagePath($router, 'tutorSupervisor', { tutorId: 'myself' })}
    />
  </Suspense>
);
export const TutorAllSummaries = (_props: TutorScreenProps) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <TutorAllSummariesScreen />
  </Suspense>
);
export const TutorCatalog = ({ tutorId }: { tutorId: string }) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <CatalogScreen
      tutorId={tutorId}
      schedulePath={getPagePath($router, 'tutorSchedule', { tutorId: 'myself' })}
      ownPath={getPagePath($router, 'tutorCatalog', { tutorId: 'myself' })}
    />
  </Suspense>
);
/** A tutor who is not a supervisor is sent to their schedule, as from the team view. */
const toOwnSchedule = () => window.location.assign(getPagePath($router, 'tutorSchedule', { tutorId: 'myself' }));
export const TutorPayroll = (_props: TutorScreenProps) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <PayrollScreen onDenied={toOwnSchedule} />
  </Suspense>
);
export const TutorHours = ({ tutorId }: { tutorId: string }) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <HoursScreen tutorId={tutorId} own={tutorId === 'myself'} title="My Hours" historyPath={getPagePath($router, 'tutorHistory', { tutorId })} />
  </Suspense>
);
export const TutorGradebook = ({ tutorId, gradebookId }: { tutorId: string; gradebookId: string }) => (
  <Suspense fallback={<Loader text="Loading…" />}>
    <TutorGradebookScreen tutorId={tutorId} gradebookId={gradebookId} />
  </Suspense>
);

/** The sidebar's profile card opens the team feature's photo dialog (a dialog that does not load says so in the sidebar). */
const photoDialog = (props: PhotoDialogRenderProps) => (
  <FailureBoundary where="photo dialog">
    <Suspense fallback={null}>
      <PhotoDialog {...props} />
    </Suspense>
  </FailureBoundary>
);

type TutorScreenProps = { tutorId: string; gradebookId?: string };

/** The screen of each tutor route. */
const screenOf: Partial<Record<DashboardRoute, (props: TutorScreenProps) => ReactNode>> = {
  tutorHome: TutorSchedule,
  tutorSchedule: TutorSchedule,
  tutorAvailability: TutorAvailability,
  tutorHistory: TutorHistory,
  tutorHours: TutorHours,
  tutorGradebooks: TutorGradebooks,
  tutorAllGradebooks: TutorAllGradebooks,
  tutorGradebook: ({ tutorId, gradebookId }) => (gradebookId ? <TutorGradebook tutorId={tutorId} gradebookId={gradebookId} /> : null),
  tutorSupervisor: TutorTeam,
  tutorAllSummaries: TutorAllSummaries,
  tutorCatalog: TutorCatalog,
  tutorPayroll: TutorPayroll,
};

/**
 * A tutor route's screen, keyed by its tutor (and gradebook) so another one starts afresh; above
 * it, for a supervisor in another tutor's dashboard, the 'Viewing {name}'s dashboard' banner (only
 * an id can be another tutor's: 'myself' is the viewer's own).
 */
export function TutorRouteScreen({ route, tutorId, gradebookId }: TutorScreenProps & { route: DashboardRoute }) {
  const Screen = screenOf[route];
  const { tutor, viewingOther } = useDashboardTutor(tutorId);
  return (
    <ViewedTutorContext.Provider value={viewingOther && tutor ? { name: tutor.name } : null}>
      {viewingOther && tutor && <ViewingBanner tutorName={tutor.name} teamPath={getPagePath($router, 'tutorSupervisor', { tutorId: 'myself' })} />}
      {Screen && <Screen key={`${tutorId}/${gradebookId ?? ''}`} tutorId={tutorId} gradebookId={gradebookId} />}
    </ViewedTutorContext.Provider>
  );
}

export function TutorDashboardSidebar({ tutorId, route }: { tutorId: string; route: string }) {
  const path = (
    name: 'tutorSchedule' | 'tutorAvailability' | 'tutorHistory' | 'tutorHours' | 'tutorGradebooks' | 'tutorAllGradebooks' | 'tutorSupervisor' | 'tutorAllSummaries' | 'tutorCatalog' | 'tutorPayroll',
  ) => getPagePath($router, name, { tutorId });
  return (
    <TutorSidebar
      tutorId={tutorId}
      route={route}
      photoDialog={photoDialog}
      paths={{
        schedule: path('tutorSchedule'),
        availability: path('tutorAvailability'),
        history: path('tutorHistory'),
        hours: path('tutorHours'),
        gradebooks: path('tutorGradebooks'),
        allGradebooks: path('tutorAllGradebooks'),
        supervisor: path('tutorSupervisor'),
        allSummaries: path('tutorAllSummaries'),
        catalog: path('tutorCatalog'),
        payroll: path('tutorPayroll'),
        back: getPagePath($router, 'tutorSupervisor', { tutorId: 'myself' }),
      }}
    />
  );
}
