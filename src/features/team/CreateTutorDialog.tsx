import { useId, useState } from 'react';
import { createTutor } from '../../api/team.ts';
import type { Tutor } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { onboardingItems } from '../../contract/onboarding.ts';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { CREATE_NETWORK_MESSAGE, fieldErrors, type TutorField, tutorFormProblems } from './team-model.ts';
import styles from './team.module.css';

export interface CreateTutorDialogProps {
  /** Called on Cancel (null) or after the tutor was created. */
  onClose: (created: Tutor | null) => void;
}

/**
 * 'Create a Tutor' (spec 2 §2, §5): First Name, Email, Phone, Bio. The phone is sent without
 * brackets, dashes and spaces (the API client strips them; the field keeps what was typed).
 */
export function CreateTutorDialog({ onClose }: CreateTutorDialogProps) {
  const bioId = useId();
  const [values, setValues] = useState<Record<TutorField, string>>({ name: '', email: '', phone: '', background: '' });
  const [errors, setErrors] = useState<Partial<Record<TutorField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const set = (field: TutorField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit() {
    if (working) return;
    setMessage(null);
    const problems = tutorFormProblems(values);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    setWorking(true);
    setErrors({});
    const result = await createTutor({
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      phone: values.phone,
      background: values.background,
    });
    setWorking(false);
    if (result.status === 'success') return onClose(result.data);
    if (result.status === 'network-error') return setMessage(CREATE_NETWORK_MESSAGE);
    const byField = fieldErrors(result.error);
    if (result.error.type === 'BadInput' && Object.keys(byField).length > 0) return setErrors(byField);
    setMessage(errorMessage(result.error, 'createTutor'));
  }


  return (
    <FormModal
      title="Create a Tutor"
      submitLabel="Create Tutor"
      working={working}
      onSubmit={() => void submit()}
      onClose={() => onClose(null)}
      error={message}
    >
      <TextInput label="First Name" autoComplete="off" required value={values.name} onChange={set('name')} error={errors.name} />
      <TextInput label="Email" type="email" autoComplete="off" required value={values.email} onChange={set('email')} error={errors.email} />
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="off"
        required
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        hint="Ten digits; brackets, dashes and spaces are fine."
      />
      <div className={styles.field}>
        <label htmlFor={bioId} className={styles.label}>
          Bio
        </label>
        <textarea
          id={bioId}
          className={styles.textarea}
          rows={4}
          value={values.background}
          onChange={(event) => set('background')(event.target.value)}
          aria-invalid={errors.background ? true : undefined}
          aria-describedby={errors.background ? `${bioId}-error` : undefined}
        />
        {errors.background && (
          <p id={`${bioId}-error`} className={styles.fieldError} role="alert">
            {errors.background}
          </p>
        )}
      </div>
    </FormModal>
  );
}

export const CHECKLIST_ITEMS = onboardingItems.map((item) => item.label);

/**
 * The onboarding checklist shown after a tutor is created (spec 2 §2). The account starts archived.
 * Next leads to the photo upload (the team view opens the photo dialog for the new tutor).
 */
export function TutorChecklistDialog({ tutor, onNext, onClose = onNext }: { tutor: Tutor; onNext: () => void; onClose?: () => void }) {
  return (
    <Modal open onClose={onClose} title={`${tutor.name} was created`} primary={{ label: 'Next', onClick: onNext }}>
      <p className={styles.dialogText}>Before this tutor starts, please complete the onboarding checklist:</p>
      <ul className={styles.checklist}>
        {CHECKLIST_ITEMS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className={styles.dialogText}>
        Tick each item on their card in the team view (Expand) as it is done. The new account is <strong>archived</strong>: unarchive it from the team
        view when the tutor is ready to take sessions.
      </p>
    </Modal>
  );
}
