import type { Tutor } from '../../contract/entities.ts';
import { ArchiveTutorDialog } from './ArchiveTutorDialog.tsx';
import { CreateTutorDialog, TutorChecklistDialog } from './CreateTutorDialog.tsx';
import { PhotoDialog } from './PhotoDialog.tsx';

/** The dialog open on 'Your Team': creating a tutor, the new tutor's checklist, a photo, an archive. */
export type TeamDialog = { kind: 'create' } | { kind: 'checklist'; tutor: Tutor } | { kind: 'photo'; tutor: Tutor } | { kind: 'archive'; tutor: Tutor };

export interface TeamDialogsProps {
  dialog: TeamDialog | null;
  open: (dialog: TeamDialog | null) => void;
  /** A tutor was created: the list shows them at once. */
  onCreated: (tutor: Tutor) => void;
  /** A photo was uploaded: its versioned address. */
  onPhoto: (tutorId: string, url: string) => void;
  /** The team changed (a tutor created or archived): read it again. */
  reloadTutors: () => void;
  /** An archive changed the team's hours too. */
  reloadHours: () => void;
  tutorSchedulePath?: (tutorId: string) => string;
}

/** The open dialog of 'Your Team', and where each leads: a created tutor's checklist leads to their photo. */
export function TeamDialogs({ dialog, open, onCreated, onPhoto, reloadTutors, reloadHours, tutorSchedulePath }: TeamDialogsProps) {
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'create':
      return (
        <CreateTutorDialog
          onClose={(tutor) => {
            open(tutor ? { kind: 'checklist', tutor } : null);
            if (tutor) onCreated(tutor);
          }}
        />
      );
    case 'checklist':
      return (
        <TutorChecklistDialog
          tutor={dialog.tutor}
          onNext={() => {
            open({ kind: 'photo', tutor: dialog.tutor });
            reloadTutors();
          }}
          onClose={() => {
            open(null);
            reloadTutors();
          }}
        />
      );
    case 'photo':
      return <PhotoDialog tutorId={dialog.tutor.id} tutorName={dialog.tutor.name} onUploaded={(url) => onPhoto(String(dialog.tutor.id), url)} onClose={() => open(null)} />;
    case 'archive':
      return (
        <ArchiveTutorDialog
          tutor={dialog.tutor}
          schedulePath={tutorSchedulePath?.(String(dialog.tutor.id))}
          onClose={(changed) => {
            open(null);
            if (changed) {
              reloadTutors();
              reloadHours();
            }
          }}
        />
      );
  }
}
