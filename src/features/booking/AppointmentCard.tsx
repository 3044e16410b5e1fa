import type { Prices } from '../../contract/entities.ts';
import { inPersonLabel } from '../../config/site.ts';
import { capacityLabel } from '../../lib/labels.ts';
import { priceLabel, sessionPrice } from '../../lib/money.ts';
import { formatDate, formatWeekday } from '../../lib/day-format.ts';
import { campusTime, formatTimeRange } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import type { Appointment, Selection } from './booking-machine.ts';
import { useBookingHost } from './booking-host.ts';
import styles from './booking.module.css';

export function appointmentPrice(appointment: Appointment, capacity: 1 | 2, prices: Prices): string {
  return priceLabel(sessionPrice(prices, appointment.frequency, capacity), appointment.frequency);
}

/** The appointment's facts shared by step 2's cards and step 3's summary. */
export function AppointmentFacts({ appointment, selection, prices }: { appointment: Appointment; selection: Selection & { capacity: 1 | 2 }; prices: Prices }) {
  const { zone } = useBookingHost();
  const campus = selection.style === 'in-person' && campusTime(appointment.startEpoch, appointment.durationMins, zone);
  return (
    <>
      <p className={styles.when}>
        <strong>{formatWeekday(appointment.startEpoch, zone)}</strong> {formatTimeRange(appointment.startEpoch, appointment.durationMins, zone)}
        {campus && ` ${campus}`}
      </p>
      <p className={styles.chips}>
        <Chip tone="brand">{selection.style === 'online' ? 'Online' : inPersonLabel(selection.school)}</Chip>
        <Chip>{capacityLabel(selection.capacity)}</Chip>
        <Chip tone="green">{appointmentPrice(appointment, selection.capacity, prices)}</Chip>
      </p>
      <p className={styles.starts}>
        {appointment.frequency === 'weekly' ? 'Starts' : 'Meet'} {formatDate(appointment.startEpoch, zone)}
      </p>
    </>
  );
}

/** Step 2's card: when, where, how big, the price, the tutor (with their bio when `showBio`), and Book. */
export function AppointmentCard({
  appointment,
  selection,
  prices,
  showBio,
  onBook,
}: {
  appointment: Appointment;
  selection: Selection & { capacity: 1 | 2 };
  prices: Prices;
  showBio: boolean;
  onBook: () => void;
}) {
  const { tutor } = appointment.offering;
  const { zone } = useBookingHost();
  return (
    <li className={styles.card}>
      <div className={styles.cardWhen}>
        <AppointmentFacts appointment={appointment} selection={selection} prices={prices} />
      </div>
      <div className={styles.tutor}>
        <img src={`/tutor_images/${tutor.id}.jpg`} alt="" width="56" height="56" className={styles.photo} loading="lazy" />
        <div>
          <p className={styles.tutorName}>{tutor.name}</p>
          <p className={styles.qualification}>
            <span className={styles.factLabel}>Qualification:</span> {appointment.offering.qualification}
          </p>
        </div>
      </div>
      {showBio && tutor.background && (
        <details className={styles.background}>
          <summary>About {tutor.name}</summary>
          <p>{tutor.background}</p>
        </details>
      )}
      <Button onClick={onBook} aria-label={`Book ${tutor.name}, ${formatWeekday(appointment.startEpoch, zone)} ${formatTimeRange(appointment.startEpoch, appointment.durationMins, zone)}`}>
        Book
      </Button>
    </li>
  );
}
