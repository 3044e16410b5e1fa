import type { Course, Prices } from '../../contract/entities.ts';
import { findCourse } from '../../lib/courses.ts';
import { Chip } from '../../ui/Chip.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { AppointmentCard } from './AppointmentCard.tsx';
import { firstOfEachTutor, groupByDate } from './appointment-groups.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { useBookingHost } from './booking-host.ts';
import { BackButton } from './BackButton.tsx';
import type { Appointment, Selection } from './booking-machine.ts';
import { dispatchBooking } from './booking-store.ts';
import styles from './booking.module.css';
import type { Availability } from './use-availability.ts';

export const ALL_BUSY = 'All tutors are busy for the given class configuration. Please try a different location/meeting size!';

/** The appointments by day, a heading per day; a tutor's bio shows at their first appointment only. */
function AppointmentList({ appointments, selection, prices }: { appointments: Appointment[]; selection: Selection & { capacity: 1 | 2 }; prices: Prices }) {
  const withBio = firstOfEachTutor(appointments);
  const { zone } = useBookingHost();
  return (
    <div className={styles.days}>
      {groupByDate(appointments, (epoch) => formatLongDate(epoch, zone)).map((day) => (
        <div key={day.date}>
          <h4 className={styles.day}>{day.date}</h4>
          <ul className={styles.cards}>
            {day.appointments.map((appointment) => (
              <AppointmentCard
                key={appointment.key}
                appointment={appointment}
                selection={selection}
                prices={prices}
                showBio={withBio.has(appointment.key)}
                onBook={() => dispatchBooking({ type: 'book', appointment })}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Step 2: the appointments, earliest first, each with Book. */
export function StepList({ selection, courses, prices, availability }: { selection: Selection; courses: Course[]; prices: Prices; availability: Availability }) {
  const course = findCourse(courses, selection.courseId);
  const capacity = selection.capacity ?? 1;
  return (
    <div className={styles.step}>
      <div className={styles.stepHeader}>
        <BackButton />
        <h3 className={styles.stepTitle} tabIndex={-1}>Select Tutor, Time and Location</h3>
        {course && <Chip tone="brand">{course.course_number}</Chip>}
      </div>
      {!course ? (
        <p className={styles.error} role="alert">
          Course not found
        </p>
      ) : availability.status === 'loading' || availability.status === 'idle' ? (
        <Loader text="Finding tutors…" />
      ) : availability.status === 'error' ? (
        <p className={styles.error} role="alert">
          {availability.message}
        </p>
      ) : availability.appointments.length === 0 ? (
        <p className={styles.notice}>{ALL_BUSY}</p>
      ) : (
        <AppointmentList appointments={availability.appointments} selection={{ ...selection, capacity }} prices={prices} />
      )}
    </div>
  );
}
