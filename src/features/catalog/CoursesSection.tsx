import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { archiveCourse, createCourse, updateCourse } from '../../api/catalog-admin.ts';
import { site } from '../../config/site.ts';
import type { CatalogCourse } from '../../contract/entities.ts';
import { COURSE_NAME_MAX, COURSE_NUMBER_MAX } from '../../contract/limits.ts';
import { coursesBySchool, schoolName } from '../../lib/courses.ts';
import { Button } from '../../ui/Button.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { archiveFailure, courseErrors, type CourseErrors, courseFailure, courseTitle, offeringsText, visibleCourses } from './catalog-model.ts';
import styles from './catalog.module.css';

/** The add form: number, name and school; checked as the server checks, and kept as typed on a refusal. */
function AddCourseForm({ onAdded }: { onAdded: (course: CatalogCourse) => void }) {
  const schoolId = useId();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [school, setSchool] = useState<string>(site.schools[0]?.id ?? '');
  const [errors, setErrors] = useState<CourseErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const input = { course_number: number, course_name: name, school };
    const found = courseErrors(input);
    setErrors(found);
    setMessage(null);
    setAdded(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const result = await createCourse(input);
    setSaving(false);
    if (result.status === 'success') {
      setNumber('');
      setName('');
      setAdded(`Added ${courseTitle(result.data)} to ${schoolName(result.data.school)}.`);
      return onAdded(result.data);
    }
    const failure = courseFailure(result);
    if ('fields' in failure) setErrors(failure.fields);
    else setMessage(failure.message);
  }

  return (
    <form className={styles.addForm} onSubmit={submit} noValidate aria-label="Add a course">
      <TextInput label="Course number" value={number} onChange={setNumber} placeholder="CS 121" maxLength={COURSE_NUMBER_MAX + 10} autoComplete="off" error={errors.course_number} />
      <TextInput label="Course name" value={name} onChange={setName} placeholder="Intro to Programming I" maxLength={COURSE_NAME_MAX + 10} autoComplete="off" error={errors.course_name} />
      <div className={styles.field}>
        <label htmlFor={schoolId} className={styles.label}>
          School
        </label>
        <select
          id={schoolId}
          className={styles.select}
          value={school}
          onChange={(event) => setSchool(event.target.value)}
          aria-invalid={errors.school ? true : undefined}
          aria-describedby={errors.school ? `${schoolId}-error` : undefined}
        >
          {site.schools.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {errors.school && (
          <p id={`${schoolId}-error`} className={styles.fieldError} role="alert">
            {errors.school}
          </p>
        )}
      </div>
      <Button type="submit" loading={saving}>
        Add course
      </Button>
      <p className={`${styles.success} ${styles.wide}`} role="status">
        {added}
      </p>
      {message && (
        <p className={`${styles.error} ${styles.wide}`} role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

/** Renames a course (its number too); Escape or Cancel leaves it as it was. */
function RenameForm({ course, onDone }: { course: CatalogCourse; onDone: (changed: CatalogCourse | null) => void }) {
  const [number, setNumber] = useState(course.course_number);
  const [name, setName] = useState(course.course_name);
  const [errors, setErrors] = useState<CourseErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = courseErrors({ course_number: number, course_name: name });
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const result = await updateCourse(course.id, { course_name: name, course_number: number });
    setSaving(false);
    if (result.status === 'success') return onDone(result.data);
    const failure = courseFailure(result);
    if ('fields' in failure) setErrors(failure.fields);
    else setMessage(failure.message);
  }

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDone(null);
  };

  return (
    <form className={styles.renameForm} onSubmit={submit} onKeyDown={cancelOnEscape} noValidate aria-label={`Rename ${course.course_number}`}>
      <TextInput label="Course number" value={number} onChange={setNumber} maxLength={COURSE_NUMBER_MAX + 10} autoComplete="off" error={errors.course_number} />
      <TextInput label="Course name" value={name} onChange={setName} maxLength={COURSE_NAME_MAX + 10} autoComplete="off" autoFocus error={errors.course_name} />
      <div className={styles.actions}>
        <Button type="submit" thin loading={saving}>
          Save
        </Button>
        <Button variant="secondary" thin onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
      {message && (
        <p className={`${styles.error} ${styles.wide}`} role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

function CourseItem({ course, onChanged }: { course: CatalogCourse; onChanged: (course: CatalogCourse, note?: string) => void }) {
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function toggleArchived() {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    const result = await archiveCourse(course.id, course.archived);
    setBusy(false);
    if (result.status === 'success') {
      return onChanged(result.data, `${course.course_number} ${result.data.archived ? 'archived: it is no longer offered for booking.' : 'unarchived: tutors can offer it again.'}`);
    }
    setRefusal(archiveFailure(result));
  }

  return (
    <li className={`${styles.course} ${course.archived ? styles.archived : ''}`}>
      <div className={styles.courseHead}>
        <div className={styles.courseText}>
          <span>
            <span className={styles.courseNumber}>{course.course_number}</span> <span>{course.course_name}</span>
            {course.archived && <span className={styles.chip}>Archived</span>}
          </span>
          <span className={styles.muted}>{offeringsText(course.active_offerings)}</span>
        </div>
        {!renaming && (
          <div className={styles.actions}>
            <Button variant="secondary" thin aria-label={`Rename ${course.course_number}`} onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button variant="secondary" thin loading={busy} aria-label={`${course.archived ? 'Unarchive' : 'Archive'} ${course.course_number}`} onClick={toggleArchived}>
              {course.archived ? 'Unarchive' : 'Archive'}
            </Button>
          </div>
        )}
      </div>
      {renaming && (
        <RenameForm
          course={course}
          onDone={(changed) => {
            setRenaming(false);
            if (changed) onChanged(changed, `Saved ${courseTitle(changed)}.`);
          }}
        />
      )}
      {refusal && (
        <p className={styles.error} role="alert">
          {refusal}
        </p>
      )}
    </li>
  );
}

export interface CoursesSectionProps {
  courses: CatalogCourse[];
  /** A course was added or changed: the screen replaces it in its list. */
  onCourse: (course: CatalogCourse) => void;
}

/** The catalog: the add form, and every course grouped by school and sorted by number, with rename and archive. */
export function CoursesSection({ courses, onCourse }: CoursesSectionProps) {
  const titleId = useId();
  const archivedId = useId();
  const [showArchived, setShowArchived] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const shown = visibleCourses(courses, showArchived);
  const hidden = courses.length - shown.length;
  const groups = coursesBySchool(shown);

  const changed = (course: CatalogCourse, text?: string) => {
    onCourse(course);
    setNote(text && course.archived && !showArchived ? `${text} Check Show Archived to see it.` : (text ?? null));
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Courses
      </h2>
      <AddCourseForm onAdded={(course) => changed(course)} />
      <div className={styles.controls}>
        <p className={styles.muted}>
          {courses.length} course{courses.length === 1 ? '' : 's'}
          {hidden > 0 ? `, ${hidden} archived hidden` : ''}
        </p>
        <div className={styles.checkbox}>
          <input id={archivedId} type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          <label htmlFor={archivedId}>Show Archived</label>
        </div>
      </div>
      <p className={styles.success} role="status">
        {note}
      </p>
      {groups.length === 0 ? (
        <p className={styles.notice}>{courses.length === 0 ? 'No courses yet: add one above, or import a CSV file.' : 'Every course is archived: check Show Archived to see them.'}</p>
      ) : (
        groups.map((group) => (
          <div key={group.school} className={styles.school}>
            <h3 className={styles.schoolTitle}>
              {group.name} <span className={styles.muted}>({group.courses.length})</span>
            </h3>
            <ul className={styles.courses} aria-label={`${group.name} courses`}>
              {group.courses.map((course) => (
                <CourseItem key={String(course.id)} course={course} onChanged={changed} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
