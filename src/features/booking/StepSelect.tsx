import { useId } from 'react';
import { inPersonLabel, site } from '../../config/site.ts';
import type { Course, Prices } from '../../contract/entities.ts';
import { type CourseGroup, type CourseOption, findCourse, groupCourses } from '../../lib/courses.ts';
import { capacityLabel } from '../../lib/labels.ts';
import { centsToDollars, priceLabel, sessionPrice } from '../../lib/money.ts';
import { formatPhone } from '../../lib/phone.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Selection } from './booking-machine.ts';
import { dispatchBooking } from './booking-store.ts';
import styles from './booking.module.css';
import { continueHint } from './continue-hint.ts';
import { focusPriceLabel, groupFromPrice } from './price-wording.ts';
import { type Availability, useOtherOpenings } from './use-availability.ts';

export const PREVIEW_PRICE = '$45/hr';

interface Choice<T extends string | number> {
  value: T;
  label: string;
  detail?: string;
}

function ChoiceGroup<T extends string | number>({ legend, name, choices, value, onChange }: { legend: string; name: string; choices: Choice<T>[]; value: T | null; onChange: (value: T) => void }) {
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      <div className={styles.choiceRow}>
        {choices.map((choice) => (
          <label key={String(choice.value)} className={`${styles.choice} ${value === choice.value ? styles.chosen : ''}`}>
            <input type="radio" name={name} checked={value === choice.value} onChange={() => onChange(choice.value)} />
            <span className={styles.choiceLabel}>{choice.label}</span>
            {choice.detail && <span className={styles.choiceDetail}>{choice.detail}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "one-on-one" / "group-of-two", as the fully-booked message words the size. */
const sizeWording = (capacity: number) => (capacity === 2 ? 'group-of-two' : 'one-on-one');

/** Spec 1 §8's step 1 notice up to its phone number, which the page makes a link. */
const fullyBookedText = (courseNumber: string, capacity: number) =>
  `All tutors for ${courseNumber} are fully booked for ${sizeWording(capacity)} meetings or weekly subscriptions. Please check back tomorrow or dial/text `;

export function fullyBookedMessage(courseNumber: string, capacity: number): string {
  return fullyBookedText(courseNumber, capacity) + formatPhone(site.supportPhone);
}

/** The fully booked notice: its phone number to call, and the other size or place when they have openings. */
function FullyBooked({ courseNumber, selection }: { courseNumber: string; selection: Selection & { capacity: 1 | 2 } }) {
  const openings = useOtherOpenings(selection, true);
  const choose = (changes: Partial<Selection>) => dispatchBooking({ type: 'choose', changes });
  return (
    <div className={styles.notice}>
      <p>
        {fullyBookedText(courseNumber, selection.capacity)}
        <a href={`tel:+1${site.supportPhone}`}>{formatPhone(site.supportPhone)}</a>
      </p>
      {(openings.capacity || openings.style) && (
        <p className={styles.openings}>
          Tutors have openings for
          {openings.capacity && (
            <Button variant="secondary" thin onClick={() => choose({ capacity: openings.capacity })}>
              {capacityLabel(openings.capacity)}
            </Button>
          )}
          {openings.style && (
            <Button variant="secondary" thin onClick={() => choose({ style: openings.style })}>
              {openings.style === 'online' ? 'Online' : inPersonLabel(selection.school)}
            </Button>
          )}
        </p>
      )}
    </div>
  );
}

export interface StepSelectProps {
  selection: Selection;
  courses: Course[];
  prices: Prices;
  availability: Availability;
}

/** Step 1, 'Meet a {brand} Tutor': school, course, focus level, frequency and place. */
export function StepSelect({ selection, courses, prices, availability }: StepSelectProps) {
  const courseInputId = useId();
  const hintId = useId();
  const choose = (changes: Partial<Selection>) => dispatchBooking({ type: 'choose', changes });
  const groups: CourseGroup[] = groupCourses(courses.filter((course) => course.school === selection.school));
  const course = findCourse(courses, selection.courseId);
  const selectedOption = groups.flatMap((g) => g.options).find((o) => o.value === selection.courseId) ?? null;
  const size = selection.capacity ?? 1;
  const weeklySaving = sessionPrice(prices, 'onetime', size) - sessionPrice(prices, 'weekly', size);
  const ready = selection.capacity !== null && selection.frequency !== null && selection.style !== null && availability.status === 'ready' && availability.appointments.length > 0;
  const hint = ready ? null : continueHint(selection, availability);

  return (
    <div className={styles.step}>
      <h3 className={styles.stepTitle} tabIndex={-1}>Meet a {site.brandName} Tutor</h3>
      <p className={styles.preview}>
        Sessions from <strong>{PREVIEW_PRICE}</strong> · Group-of-Two from <strong>{groupFromPrice(prices)}</strong>
      </p>

      <ChoiceGroup
        legend="School"
        name="school"
        value={selection.school}
        onChange={(school) => choose({ school })}
        choices={site.schools.map((school) => ({ value: school.id, label: school.name }))}
      />

      <div className={styles.field}>
        <label htmlFor={courseInputId} className={styles.fieldLabel}>
          Course
        </label>
        <Select<CourseOption, CourseGroup>
          inputId={courseInputId}
          options={groups}
          value={selectedOption}
          placeholder="Select or type..."
          noOptionsMessage={() => 'No course matches'}
          onChange={(option) => choose({ courseId: option?.value ?? null })}
        />
      </div>

      <ChoiceGroup
        legend="Focus level"
        name="capacity"
        value={selection.capacity}
        onChange={(capacity) => choose({ capacity })}
        choices={[
          { value: 1, label: 'One-on-one', detail: focusPriceLabel(prices, 1, selection.frequency) },
          { value: 2, label: 'Group-of-Two', detail: focusPriceLabel(prices, 2, selection.frequency) },
        ]}
      />

      <ChoiceGroup
        legend="Frequency"
        name="frequency"
        value={selection.frequency}
        onChange={(value) => choose({ frequency: value })}
        choices={[
          {
            value: 'weekly',
            label: 'Weekly',
            detail: `${priceLabel(sessionPrice(prices, 'weekly', size), 'weekly')}${weeklySaving > 0 ? ` · save ${centsToDollars(weeklySaving)} a session` : ''}`,
          },
          { value: 'onetime', label: 'One Time', detail: priceLabel(sessionPrice(prices, 'onetime', size), 'onetime') },
        ]}
      />

      <ChoiceGroup
        legend="Place"
        name="style"
        value={selection.style}
        onChange={(style) => choose({ style })}
        choices={[
          { value: 'in-person', label: inPersonLabel(selection.school) },
          { value: 'online', label: 'Online' },
        ]}
      />

      <div aria-live="polite" className={styles.availability}>
        {availability.status === 'loading' && <Loader text="Finding tutors…" />}
        {availability.status === 'error' && (
          <p className={styles.error} role="alert">
            {availability.message}
          </p>
        )}
        {availability.status === 'ready' && availability.appointments.length === 0 && course && selection.capacity !== null && (
          <FullyBooked courseNumber={course.course_number} selection={{ ...selection, capacity: selection.capacity }} />
        )}
      </div>

      <Button disabled={!ready} aria-describedby={hint ? hintId : undefined} onClick={() => dispatchBooking({ type: 'continue' })}>
        Select Tutor, Time and Location
      </Button>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <p className={styles.note}>You won't be charged yet · All prices are per student for one hour sessions</p>
    </div>
  );
}
