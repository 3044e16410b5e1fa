import { getTutors } from '../../api/catalog.ts';
import type { ApiResult } from '../../api/http.ts';
import { getTeamHours, getTeamOnboarding } from '../../api/team.ts';
import type { OnboardingProgress, Tutor, TutorHours } from '../../contract/entities.ts';
import { onboardingItems } from '../../contract/onboarding.ts';
import { type Read, useRead } from '../../ui/use-read.ts';

const NO_PROGRESS = new Map<string, OnboardingProgress>();

export interface TeamReads {
  tutors: Read<Tutor[]>;
  /** Each tutor's hours in the period, by tutor id. */
  hours: Read<Map<string, TutorHours>>;
  /** Each tutor's onboarding progress, by tutor id: empty while unknown. */
  onboarding: Map<string, OnboardingProgress>;
  /** A card's checklist changed: its 'Onboarding 3/6' follows without a read. */
  setOnboarding: (tutorId: string, done: number, hasPhoto: boolean) => void;
  /** Reads the tutors and their onboarding again (a tutor was created or archived). */
  reloadTutors: () => void;
}

/** The reads of 'Your Team': none unless the team is the viewer's own (`own`), hours only for a period that is one. */
export function useTeamReads(own: boolean, epochs: { from: number; to: number } | null): TeamReads {
  const tutors = useRead<Tutor[]>(own ? () => getTutors() as Promise<ApiResult<Tutor[]>> : null, [own]);
  // Each tutor's onboarding progress, for the cards' 'Onboarding 3/6'; a card's checklist updates it.
  // Without it the cards only lack the chip: a failure here says nothing more.
  const progress = useRead<Map<string, OnboardingProgress>>(
    own ? () => getTeamOnboarding().then((result) => (result.status === 'success' ? { ...result, data: new Map(result.data.map((p) => [String(p.tutor_id), p])) } : result)) : null,
    [own],
  );

  const from = epochs?.from;
  const to = epochs?.to;
  // Another range: the cards keep the last figures until its own come; a range that is not one reads nothing.
  const hours = useRead<Map<string, TutorHours>>(
    own && from !== undefined && to !== undefined
      ? () => getTeamHours(from, to).then((result) => (result.status === 'success' ? { ...result, data: new Map(result.data.map((h) => [String(h.tutor_id), h])) } : result))
      : null,
    [own, from, to],
    { keep: true },
  );

  return {
    tutors,
    hours,
    onboarding: progress.state.status === 'ready' ? progress.state.data : NO_PROGRESS,
    setOnboarding: (tutorId, done, hasPhoto) =>
      progress.update((map) => new Map(map).set(tutorId, { tutor_id: Number(tutorId), done, total: onboardingItems.length, has_photo: hasPhoto })),
    reloadTutors: () => {
      tutors.reload();
      progress.reload();
    },
  };
}
