import { getPagePath } from '@nanostores/router';
import { type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { CHECK_AUTH } from '../api/auth.ts';
import { useFirstData } from '../ui/first-data.ts';
import type { AuthData } from '../contract/entities.ts';
import { $auth, type AuthState, ensureAuth } from '../api/auth-state.ts';
import { $router, type DashboardRoute } from '../features/dashboard/router.ts';
import { StaffMeetingCard } from '../features/sessions/StaffMeetingCard.tsx';
import type { RenderMeeting } from '../features/tutor/render-meeting.ts';
import { AvailabilityScreen, preloadWeekGrid, ScheduleScreen, WorkHistoryScreen } from '../features/tutor/TutorMeetingsScreen.tsx';
import { type PhotoDialogRenderProps, TutorSidebar } from '../features/tutor/TutorSidebar.tsx';
import { ViewingBanner } from '../features/tutor/ViewingBanner.tsx';
import { useDashboardTutor } from '../features/tutor/use-dashboard-tutor.ts';
import { ViewedTutorContext } from '../lib/viewed-tutor.ts';
import { ChunkSuspense } from '../ui/ChunkSuspense.tsx';
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
// The photo dialog (the team feature's) loads when the profile card is clicked.
const PhotoDialog = lazyChunk(() => import('../features/team/PhotoDialog.tsx').then((m) => ({ default: m.PhotoDialog })));
// Payroll, another supervisor screen, loads when it is opened.
const PayrollScreen = lazyChunk(() => import('../features/team/PayrollScreen.tsx').then((m) => ({ default: m.PayrollScreen })));
// Reports, another supervisor screen, loads when it is opened (its charts' library later still, with the charts).
const ReportsScreen = lazyChunk(() => import('../features/reports/ReportsScreen.tsx').then((m) => ({ default: m.ReportsScreen })));
// Embed, another supervisor screen (the booking widget's snippet and allowed sites), loads when it is opened.
const EmbedScreen = lazyChunk(() => import('../features/embed/EmbedScreen.tsx').then((m) => ({ default: m.EmbedScreen })));
// My Hours loads when it is opened.
const HoursScreen = lazyChunk(() => import('../features/tutor/HoursScreen.tsx').then((m) => ({ default: m.HoursScreen })));

/** The chunks of the screens that load on demand, by route. */
const screenChunks: Partial<Record<DashboardRoute, { preload(): Promise<void> }>> = {
  tutorSupervisor: TeamScreen,
  tutorAllSummaries: TutorAllSummariesScreen,
  tutorCatalog: CatalogScreen,
  tutorGradebooks: GradebooksScreen,
  tutorAllGradebooks: GradebooksScreen,
  tutorGradebook: TutorGradebookScreen,
  tutorPayroll: PayrollScreen,
  tutorReports: ReportsScreen,
  tutorEmbed: EmbedScreen,
  tutorHours: HoursScreen,
};

// Loaded for a page that opened on a screen of its own chunk (a supervisor's, a gradebook), which
// the page shows loading: that chunk is fetched at once, beside the page's hydration, rather than
// once the page is live. (One that fails here is asked for again, and reported, by its screen.)
const opened = $router.get()?.route;
if (opened) screenChunks[opened]?.preload().catch(() => undefined);
// A page that opens on the week view (the tutor's choice, in a cookie) fetches the grid's code too.
if ((opened === 'tutorSchedule' || opened === 'tutorAvailability' || opened === 'tutorHome') && /(?:^|;\s*)tutor_view=week/.test(document.cookie)) {
  preloadWeekGrid().catch(() => undefined);
}

/**
 * The tutor side of the dashboard island, composed from the tutor, sessions and gradebook features.
 * DashboardApp.tsx loads this module on first use, so a student's first load does not carry it.
 */

/** A supervisor, as far as the page knows: $auth once it has asked, else the page's own answer. */
function isSupervisor(auth: AuthState, fromPage: AuthData | undefined): boolean {
  const viewer = auth.state === 'unknown' ? fromPage : auth.state === 'signed-in' ? auth.auth : undefined;
  return viewer?.tutor?.role === 'Supervisor';
}

const listenAuth = (changed: () => void) => $auth.listen(changed);

/**
 * Whether the signed-in viewer is a supervisor: as the page's answer to GET /api/checkauth says
 * until the page has asked itself (so the server's render and the browser's agree), false when
 * neither knows (the server decides anyway). Subscribed as a yes or no: a card renders again
 * when that changes, not each time the page learns who is signed in.
 */
function useSupervisorViewer(): boolean {
  // Kept from the first render: ensureAuth takes the page's answer before $auth has it.
  const firstData = useFirstData();
  const [fromPage] = useState(() => firstData<AuthData>(CHECK_AUTH));
  const supervisor = useSyncExternalStore(
    listenAuth,
    () => isSupervisor($auth.get(), fromPage),
    () => isSupervisor($auth.get(), fromPage),
  );
  useEffect(() => void ensureAuth(), []);
  return supervisor;
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
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <GradebooksScreen tutorId={tutorId} gradebookPath={(gradebookId) => getPagePath($router, 'tutorGradebook', { tutorId, gradebookId })} />
  </ChunkSuspense>
);
export const TutorAllGradebooks = ({ tutorId }: { tutorId: string }) => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <GradebooksScreen showAll tutorId={tutorId} gradebookPath={(gradebookId) => getPagePath($router, 'tutorGradebook', { tutorId, gradebookId })} />
  </ChunkSuspense>
);
export const TutorTeam = ({ tutorId }: { tutorId: string }) => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <TeamScreen
      tutorId={tutorId}
      dashboardPath={(id) => getPagePath($router, 'tutorHistory', { tutorId: id })}
      schedulePath={getPagePath($router, 'tutorSchedule', { tutorId: 'myself' })}
      ownTeamPath={getPagePath($router, 'tutorSupervisor', { tutorId: 'myself' })}
      tutorSchedulePath={(id) => getPagePath($router, 'tutorSchedule', { tutorId: id })}
    />
  </ChunkSuspense>
);
export const TutorAllSummaries = () => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <TutorAllSummariesScreen />
  </ChunkSuspense>
);
export const TutorCatalog = ({ tutorId }: { tutorId: string }) => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <CatalogScreen
      tutorId={tutorId}
      schedulePath={getPagePath($router, 'tutorSchedule', { tutorId: 'myself' })}
      ownPath={getPagePath($router, 'tutorCatalog', { tutorId: 'myself' })}
    />
  </ChunkSuspense>
);
export const TutorGradebook = ({ tutorId, gradebookId }: { tutorId: string; gradebookId: string }) => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <TutorGradebookScreen tutorId={tutorId} gradebookId={gradebookId} />
  </ChunkSuspense>
);

/** A tutor who is not a supervisor is sent to their schedule, as from the team view. */
const toOwnSchedule = () => window.location.assign(getPagePath($router, 'tutorSchedule', { tutorId: 'myself' }));
export const TutorPayroll = () => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <PayrollScreen onDenied={toOwnSchedule} />
  </ChunkSuspense>
);
export const TutorReports = () => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <ReportsScreen onDenied={toOwnSchedule} />
  </ChunkSuspense>
);
export const TutorEmbed = () => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <EmbedScreen onDenied={toOwnSchedule} />
  </ChunkSuspense>
);
export const TutorHours = ({ tutorId }: { tutorId: string }) => (
  <ChunkSuspense fallback={<Loader text="Loading…" />}>
    <HoursScreen tutorId={tutorId} own={tutorId === 'myself'} title="My Hours" historyPath={getPagePath($router, 'tutorHistory', { tutorId })} />
  </ChunkSuspense>
);

/** The screen of each tutor route but a gradebook's (which also takes the gradebook). */
const screens: Partial<Record<DashboardRoute, (props: { tutorId: string }) => ReactNode>> = {
  tutorHome: TutorSchedule,
  tutorSchedule: TutorSchedule,
  tutorAvailability: TutorAvailability,
  tutorHistory: TutorHistory,
  tutorGradebooks: TutorGradebooks,
  tutorAllGradebooks: TutorAllGradebooks,
  tutorSupervisor: TutorTeam,
  tutorAllSummaries: TutorAllSummaries,
  tutorCatalog: TutorCatalog,
  tutorPayroll: TutorPayroll,
  tutorReports: TutorReports,
  tutorEmbed: TutorEmbed,
  tutorHours: TutorHours,
};

/** The route's screen: DashboardApp.tsx loads the tutor side as one chunk, and shows its screens through this. */
/**
 * The route's screen: DashboardApp.tsx loads the tutor side as one chunk, and shows its screens
 * through this. For a supervisor in another tutor's dashboard, the 'Viewing {name}'s dashboard'
 * banner stands above it and the screens name that tutor (ViewedTutorContext); only an id can be
 * another tutor's dashboard ('myself' is the viewer's own).
 */
export function TutorScreen({ route, tutorId, gradebookId }: { route: DashboardRoute; tutorId: string; gradebookId?: string }) {
  const { tutor, viewingOther } = useDashboardTutor(tutorId);
  const Screen = route === 'tutorGradebook' ? undefined : screens[route];
  return (
    <ViewedTutorContext.Provider value={viewingOther && tutor ? { name: tutor.name } : null}>
      {viewingOther && tutor && <ViewingBanner tutorName={tutor.name} teamPath={getPagePath($router, 'tutorSupervisor', { tutorId: 'myself' })} />}
      {route === 'tutorGradebook' ? gradebookId && <TutorGradebook tutorId={tutorId} gradebookId={gradebookId} /> : Screen && <Screen tutorId={tutorId} />}
    </ViewedTutorContext.Provider>
  );
}

/** The sidebar's profile card opens the team feature's photo dialog (a dialog that does not load says so in the sidebar). */
const photoDialog = (props: PhotoDialogRenderProps) => (
  <FailureBoundary where="photo dialog">
    <Suspense fallback={null}>
      <PhotoDialog {...props} />
    </Suspense>
  </FailureBoundary>
);

export function TutorDashboardSidebar({ tutorId, route }: { tutorId: string; route: string }) {
  const path = (
    name: 'tutorSchedule' | 'tutorAvailability' | 'tutorHistory' | 'tutorHours' | 'tutorGradebooks' | 'tutorAllGradebooks' | 'tutorSupervisor' | 'tutorAllSummaries' | 'tutorCatalog' | 'tutorPayroll' | 'tutorReports' | 'tutorEmbed',
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
        reports: path('tutorReports'),
        embed: path('tutorEmbed'),
        back: getPagePath($router, 'tutorSupervisor', { tutorId: 'myself' }),
      }}
    />
  );
}
