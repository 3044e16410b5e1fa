import { type ReactNode, useId, useState } from 'react';
import { getTutorOfferings } from '../../api/catalog.ts';
import { archiveOffering, createOffering, setTutorBackground } from '../../api/team.ts';
import type { Offering, Tutor } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import type { CourseOption } from '../../lib/courses.ts';
import { formatPhone } from '../../lib/phone.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useRead } from '../../ui/use-read.ts';
import { Select } from '../../ui/Select.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { ArchiveBoxIcon, RestoreIcon } from './team-icons.tsx';
import { offeringArchiveFailure, type SchoolGroup, splitOfferings } from './team-model.ts';
import styles from './team.module.css';
import { FormStatus } from './FormStatus.tsx';
import { OnboardingSection } from './OnboardingSection.tsx';
import { PayRateSection } from './PayRateSection.tsx';

export type CoursesLoad = { status: 'loading' } | { status: 'ready'; groups: SchoolGroup[] } | { status: 'error'; message: string };

export interface TutorDetailsProps {
  tutor: Tutor;
  /** The class select's courses, loaded once for the screen. */
  courses: CoursesLoad;
  onRetryCourses: () => void;
  /** The tutor as the server answered after a change (the background). */
  onTutorChanged: (tutor: Tutor) => void;
  /** The card is the viewer's own; null while the session is not known. */
  own: boolean | null;
  /** An onboarding item was ticked or unticked: the tutor's count of done items and whether they have a photo. */
  onOnboardingChanged: (tutorId: string, done: number, hasPhoto: boolean) => void;
  /** The tutor's Schedule, where their booked sessions are re-assigned (linked from a refusal that names them). */
  schedulePath?: string;
}

const failureText = (result: { status: 'network-error' } | { status: 'failure'; error: Parameters<typeof errorMessage>[0] }) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error);

/** The expanded part of a team card (spec 2 §2): contact, qualifications and the background. */
export function TutorDetails({ tutor, courses, onRetryCourses, onTutorChanged, own, onOnboardingChanged, schedulePath }: TutorDetailsProps) {
  const { state: load, reload, setData } = useRead<Offering[]>(() => getTutorOfferings(tutor.id), [tutor.id]);
  // A refusal is about the tutor as they were (archived, say): it goes once their role changes.
  const [offeringFailure, setOfferingError] = useState<{ message: string; role: string; sessionsAhead: boolean } | null>(null);
  const offeringError = offeringFailure?.role === tutor.role ? offeringFailure.message : null;
  // 'cancel them or have them re-assigned': the tutor's Schedule is where that is done.
  const reassignLink = offeringError !== null && offeringFailure?.sessionsAhead === true && schedulePath !== undefined;
  const [busyOffering, setBusyOffering] = useState<string | null>(null);

  async function toggle(offering: Offering) {
    if (busyOffering) return;
    setBusyOffering(String(offering.id));
    setOfferingError(null);
    const result = await archiveOffering(offering.id);
    setBusyOffering(null);
    if (result.status === 'success') {
      if (load.status === 'ready') setData(load.data.map((o) => (String(o.id) === String(offering.id) ? { ...o, ...result.data, course: o.course } : o)));
      return;
    }
    const action = offeringArchiveFailure(result);
    if (action.kind === 'message') setOfferingError({ message: action.message, role: tutor.role, sessionsAhead: result.status === 'failure' && result.error.type === 'UpcomingMeetings' });
    else if (action.kind === 'reload') reload();
  }

  let offerings: ReactNode;
  if (load.status === 'loading') offerings = <Loader text="Loading qualifications…" />;
  else if (load.status === 'error') {
    offerings = <LoadError message={load.message} onRetry={reload} />;
  } else {
    const { active, archived } = splitOfferings(load.data);
    // The active list sits under the section's own 'Qualifications' heading; only the archived one has a heading of its own.
    const list = (items: Offering[], title: string, empty: string, withHeading: boolean) => {
      const titleId = `${String(tutor.id)}-${title.replace(/\s+/g, '-')}`;
      return (
        <div className={styles.offeringGroup}>
          {withHeading ? (
            <h4 id={titleId} className={styles.subheading}>
              {title}
            </h4>
          ) : (
            <span id={titleId} className="visually-hidden">
              {title}
            </span>
          )}
          {items.length === 0 ? (
            <p className={styles.muted}>{empty}</p>
          ) : (
            <ul className={styles.offerings} aria-labelledby={titleId}>
              {items.map((offering) => {
                const name = `${offering.course.course_number} (${offering.course.course_name})`;
                const action = offering.archived ? 'Unarchive' : 'Archive';
                return (
                  <li key={String(offering.id)} className={styles.offering}>
                    <span className={styles.offeringText}>
                      <strong>{name}</strong>
                      <span className={styles.muted}>{offering.qualification}</span>
                    </span>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`${action} ${name}`}
                      title={`${action} qualification`}
                      aria-busy={busyOffering === String(offering.id) || undefined}
                      onClick={() => void toggle(offering)}
                    >
                      {offering.archived ? <RestoreIcon /> : <ArchiveBoxIcon />}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      );
    };
    offerings = (
      <>
        {list(active, 'Qualifications', 'No active qualifications.', false)}
        {list(archived, 'Archived qualifications', 'No archived qualifications.', true)}
      </>
    );
  }

  return (
    <div className={styles.details}>
      <section className={styles.detailsSection} aria-label={`Contact of ${tutor.name}`}>
        <h3 className={styles.sectionTitle}>Contact</h3>
        <p className={styles.contact}>
          {tutor.phone ? <a href={`tel:${tutor.phone}`}>{formatPhone(tutor.phone)}</a> : <span className={styles.muted}>No phone</span>}
          {tutor.email ? <a href={`mailto:${tutor.email}`}>{tutor.email}</a> : <span className={styles.muted}>No email</span>}
        </p>
      </section>
      <section className={styles.detailsSection} aria-label={`Qualifications of ${tutor.name}`}>
        <h3 className={styles.sectionTitle}>Qualifications</h3>
        {offeringError && (
          <p className={styles.error} role="alert">
            {offeringError}
          </p>
        )}
        {reassignLink && (
          <p>
            <a href={schedulePath}>Open {tutor.name}’s Schedule to re-assign them</a>
          </p>
        )}
        {offerings}
        <QualificationForm
          tutor={tutor}
          courses={courses}
          onRetryCourses={onRetryCourses}
          offerings={load.status === 'ready' ? load.data : []}
          onSaved={reload}
        />
      </section>
      <OnboardingSection tutor={tutor} onProgress={(done, hasPhoto) => onOnboardingChanged(String(tutor.id), done, hasPhoto)} />
      <PayRateSection tutor={tutor} own={own} />
      <BackgroundForm tutor={tutor} onTutorChanged={onTutorChanged} />
    </div>
  );
}

function QualificationForm({
  tutor,
  courses,
  onRetryCourses,
  offerings,
  onSaved,
}: {
  tutor: Tutor;
  courses: CoursesLoad;
  onRetryCourses: () => void;
  offerings: Offering[];
  onSaved: () => void;
}) {
  const selectId = useId();
  const [course, setCourse] = useState<CourseOption | null>(null);
  const [qualification, setQualification] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function choose(option: CourseOption | null) {
    setCourse(option);
    setError(null);
    setSaved(null);
    // Picking a class the tutor already has offers its qualification for editing.
    const existing = option && offerings.find((o) => String(o.course.id) === option.value);
    if (existing) setQualification(existing.qualification);
  }

  async function submit() {
    if (working) return;
    setSaved(null);
    if (!course) return setError('Please choose a class.');
    if (qualification.trim() === '') return setError('Please describe the qualification.');
    setWorking(true);
    setError(null);
    const result = await createOffering({ tutor: tutor.id, course: course.value, qualification: qualification.trim() });
    setWorking(false);
    if (result.status !== 'success') return setError(failureText(result));
    setSaved(
      result.data.archived
        ? `Saved the qualification for ${course.course.course_number} as archived: it can be booked once ${tutor.name} and this qualification are unarchived.`
        : `Saved the qualification for ${course.course.course_number}.`,
    );
    setCourse(null);
    setQualification('');
    onSaved();
  }

  return (
    <form
      className={styles.inlineForm}
      aria-label={`Add or modify a qualification of ${tutor.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h4 className={styles.subheading}>Add or modify a qualification</h4>
      <div className={styles.field}>
        <label htmlFor={selectId} className={styles.label}>
          Class
        </label>
        {courses.status === 'error' ? (
          <LoadError message={courses.message} onRetry={onRetryCourses} />
        ) : (
          <Select<CourseOption, SchoolGroup>
            inputId={selectId}
            options={courses.status === 'ready' ? courses.groups : []}
            isLoading={courses.status === 'loading'}
            value={course}
            onChange={(option) => choose(option)}
            placeholder="Choose a class"
            noOptionsMessage={() => 'No classes'}
            isClearable
          />
        )}
      </div>
      <TextInput label="Qualification" value={qualification} onChange={setQualification} maxLength={200} />
      <FormStatus error={error} saved={saved || null} />
      <Button type="submit" thin loading={working} className={styles.submit}>
        Submit
      </Button>
    </form>
  );
}

function BackgroundForm({ tutor, onTutorChanged }: { tutor: Tutor; onTutorChanged: (tutor: Tutor) => void }) {
  const textId = useId();
  const [background, setBackground] = useState(tutor.background ?? '');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit() {
    if (working) return;
    setWorking(true);
    setError(null);
    setSaved(false);
    const result = await setTutorBackground(tutor.id, background);
    setWorking(false);
    if (result.status !== 'success') return setError(failureText(result));
    setSaved(true);
    onTutorChanged({ ...tutor, ...(result.data ?? {}), background });
  }

  return (
    <form
      className={`${styles.detailsSection} ${styles.inlineForm}`}
      aria-label={`Background of ${tutor.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className={styles.sectionTitle}>Background</h3>
      <div className={styles.field}>
        <label htmlFor={textId} className={styles.label}>
          Background
        </label>
        <textarea
          id={textId}
          className={styles.textarea}
          rows={4}
          maxLength={2000}
          value={background}
          onChange={(event) => {
            setBackground(event.target.value);
            setSaved(false);
          }}
        />
      </div>
      <FormStatus error={error} saved={saved ? 'Background saved.' : null} />
      <Button type="submit" thin loading={working} className={styles.submit}>
        Submit
      </Button>
    </form>
  );
}
