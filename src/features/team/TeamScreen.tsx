import { type ReactNode, useState } from 'react';
import { useAddressSearch } from '../../ui/use-address-search.ts';
import { PlusIcon } from '../../ui/action-icons.tsx';
import { useMoment } from '../../lib/moment.ts';
import { TeamDialogs, type TeamDialog } from './TeamDialogs.tsx';
import { TeamPeriodPanel } from './TeamPeriodPanel.tsx';
import { TutorCardsPanel } from './TutorCardsPanel.tsx';
import { rangeEpochs, teamViewFromSearch, teamViewSearch } from './team-model.ts';
import { useTeamReads } from './use-team-reads.ts';
import { useViewerId } from './use-viewer.ts';
import styles from './team.module.css';

export interface TeamScreenProps {
  /** The route's tutor: the team view belongs to a supervisor viewing 'myself'. */
  tutorId: string;
  /** The address of a tutor's dashboard (their work history). */
  dashboardPath: (tutorId: string) => string;
  /** The viewer's own schedule, where a tutor without the supervisor role is sent. */
  schedulePath: string;
  /** The supervisor's own team view (when this route names another tutor). */
  ownTeamPath: string;
  /** A tutor's Schedule, where their booked sessions are re-assigned (the archive refusals that name them link there). */
  tutorSchedulePath?: (tutorId: string) => string;
}


const NOT_SUPERVISOR = 'The team view is for supervisors only.';

/** The screen's title alone, with a notice in place of the team (another tutor's route, or not a supervisor). */
function TeamNotice({ alert, children }: { alert?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">Your Team</h1>
      <p className={styles.notice} role={alert ? 'alert' : undefined}>
        {children}
      </p>
    </section>
  );
}

/**
 * 'Your Team' (spec 2 §2, §6): a card per tutor with the hours of the chosen period. The screen
 * holds what its panels share (the period, Show Archived, the open dialog, the reads); the period
 * panel, the cards panel and the dialogs are components of their own.
 */
export function TeamScreen({ tutorId, dashboardPath, schedulePath, ownTeamPath, tutorSchedulePath }: TeamScreenProps) {
  // The dates and 'Show Archived' live in the address too: a reload, or Back from a tutor's dashboard, keeps them.
  // The default period is the viewer's moment's (the server's while the page hydrates), not the machine's clock.
  const { nowMs } = useMoment();
  const [initial] = useState(() => teamViewFromSearch(typeof window === 'undefined' ? '' : window.location.search, new Date(nowMs)));
  const [range, setRange] = useState(initial.range);
  const [showArchived, setShowArchived] = useState(initial.showArchived);
  const viewerId = useViewerId();
  useAddressSearch(teamViewSearch({ range, showArchived }));
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  // Photos uploaded here, by tutor id: their versioned addresses show the new photo at once.
  const [photos, setPhotos] = useState<Map<string, string>>(() => new Map());
  const own = tutorId === 'myself';
  const epochs = rangeEpochs(range.from, range.to);
  const reads = useTeamReads(own, epochs);
  const { tutors, hours } = reads;

  if (!own) {
    return (
      <TeamNotice>
        The team view belongs to your own dashboard. <a href={ownTeamPath}>Open your team view</a>
      </TeamNotice>
    );
  }
  if ((tutors.state.status === 'error' && tutors.state.denied) || (hours.state.status === 'error' && hours.state.denied)) {
    return (
      <TeamNotice alert>
        {NOT_SUPERVISOR} <a href={schedulePath}>Go to your schedule</a>
      </TeamNotice>
    );
  }

  return (
    <section aria-labelledby="team-title" className={styles.screen}>
      <div className={styles.titleRow}>
        <h1 id="team-title">Your Team</h1>
        <button
          type="button"
          className={styles.plusButton}
          aria-label="Create a Tutor"
          title="Create a Tutor"
          onClick={() => {
            setShowArchived(true);
            setDialog({ kind: 'create' });
          }}
        >
          <PlusIcon />
        </button>
      </div>
      <TeamPeriodPanel
        range={range}
        onRangeChange={(field, value) => setRange((r) => ({ ...r, [field]: value }))}
        invalid={epochs === null}
        showArchived={showArchived}
        onShowArchived={setShowArchived}
      />
      <TutorCardsPanel
        reads={reads}
        showArchived={showArchived}
        noPeriod={epochs === null}
        viewerId={viewerId}
        photos={photos}
        dashboardPath={dashboardPath}
        tutorSchedulePath={tutorSchedulePath}
        onArchive={(tutor) => setDialog({ kind: 'archive', tutor })}
        onChangePhoto={(tutor) => setDialog({ kind: 'photo', tutor })}
      />
      <TeamDialogs
        dialog={dialog}
        open={setDialog}
        onCreated={(tutor) => tutors.update((list) => (list.some((x) => String(x.id) === String(tutor.id)) ? list : [...list, tutor]))}
        onPhoto={(id, url) => setPhotos((map) => new Map(map).set(id, url))}
        reloadTutors={reads.reloadTutors}
        reloadHours={hours.reload}
        tutorSchedulePath={tutorSchedulePath}
      />
    </section>
  );
}
