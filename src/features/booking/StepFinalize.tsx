import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createCustomer, createPayment, createSubscription } from '../../api/booking.ts';
import { getMyCustomer, getMyGradebooks } from '../../api/customers.ts';
import { site } from '../../config/site.ts';
import type { Customer, Prices } from '../../contract/entities.ts';
import { sessionPrice } from '../../lib/money.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { formatPhone } from '../../lib/phone.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { AppointmentFacts } from './AppointmentCard.tsx';
import { HoursOffer } from './HoursOffer.tsx';
import { PayWithHours, type PayWithHoursProps } from './PayWithHours.tsx';
import { BackButton } from './BackButton.tsx';
import type { Appointment, Selection } from './booking-machine.ts';
import { dispatchBooking, intentSecrets, resetBooking } from './booking-store.ts';
import { useBookingHost } from './booking-host.ts';
import { confirmTypedCard } from '../../ui/card/card-payment.ts';
import { CardField } from '../../ui/card/CardField.tsx';
import { type Checkout, type CheckoutCalls, runCheckout, startCheckout } from './checkout-flow.ts';
import styles from './booking.module.css';
import { type ContactFields, emptyFields } from './contact-validation.ts';
import { paymentTerms } from './price-wording.ts';
import { stripePromise } from '../../ui/card/stripe.ts';


type CustomerState = { state: 'unknown' } | { state: 'known'; customer: Customer } | { state: 'anonymous' } | { state: 'error'; message: string };

const phone = formatPhone(site.supportPhone);

async function loadCustomer(): Promise<CustomerState> {
  const result = await getMyCustomer();
  if (result.status === 'success') return { state: 'known', customer: result.data };
  if (result.status === 'failure' && result.error.type === 'NoAuth') return { state: 'anonymous' };
  if (result.status === 'failure' && (result.error.type === 'Unauthorized' || result.error.type === 'DBError')) {
    return { state: 'error', message: errorMessage(result.error, 'customerLoad') };
  }
  // Spec 1 §8: any other answer leaves the customer unresolved.
  return { state: 'error', message: `Failed to load customer, please text or dial ${phone} to reserve your spot` };
}

export interface LoginDialogProps {
  email: string;
  /** The phone typed into the contact form: the dialog can text the code to it when it has the account. */
  phone: string;
  /** `signedIn` is true when the customer logged in (the booking then continues). */
  onClose: (signedIn: boolean) => void;
}

export interface StepFinalizeProps {
  appointment: Appointment;
  selection: Selection & { capacity: 1 | 2 };
  prices: Prices;
  /** Runs when the student moves on from the booked screen, instead of going to their classes (the student sessions screen reloads its list). */
  onBooked?: () => void;
  /** The login dialog opened when the contact form's customer already exists (the text-code dialog). */
  loginDialog: (props: LoginDialogProps) => ReactNode;
  /** Told when a session starts here, so other parts of the page can show it. */
  onSignedIn?: () => void;
}

/** Step 3, 'Finalize Booking'. Loaded on demand, so Stripe code arrives only when this step shows. */
export default function StepFinalize(props: StepFinalizeProps) {
  return (
    <Elements stripe={stripePromise}>
      <FinalizeForm {...props} />
    </Elements>
  );
}

function FinalizeForm({ appointment, selection, prices, onBooked, loginDialog, onSignedIn }: StepFinalizeProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [customer, setCustomer] = useState<CustomerState>({ state: 'unknown' });
  const [contact, setContact] = useState<ContactFields>({ firstname: '', lastname: '', email: '', phone: '' });
  // Where the last Pay got to (checkout-flow.ts): under way, or stopped with what the form says.
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  // Once paid: where the confirmation goes, for the booked screen.
  const [paid, setPaid] = useState<Receipt | null>(null);
  const [login, setLogin] = useState<{ email: string; phone: string } | null>(null);
  // The card on file was declined (or its 3-D Secure check failed): the customer types another.
  const [needCard, setNeedCard] = useState(false);
  // Reminder texts before each session (issue 12): on unless the customer unticks the box.
  const [textReminders, setTextReminders] = useState(true);

  const host = useBookingHost();
  const heading = useRef<HTMLHeadingElement>(null);
  // This step loads on demand, after the flow moved focus: take it here once the step is shown.
  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let current = true;
    void loadCustomer().then((state) => current && setCustomer(state));
    return () => {
      current = false;
    };
  }, []);

  const paying = checkout !== null && checkout.at !== 'stopped' && checkout.at !== 'paid';
  const stop = checkout?.at === 'stopped' ? checkout : null;

  const cardOnFile = customer.state === 'known' && customer.customer.payment_method !== null && !needCard;
  const cardOptions = useMemo(() => ({ disabled: paying, hidePostalCode: true }), [paying]);

  /** Shows where the checkout stands. */
  function show(state: Checkout) {
    setCheckout(state);
    if (state.at === 'intent' && state.created) {
      setCustomer({ state: 'known', customer: state.payer });
      onSignedIn?.();
    }
    if (state.at === 'paid') finish(state.payer);
    if (state.at !== 'stopped') return;
    if (state.report) host.report({ type: 'error', error: state.report });
    if (state.needCard) setNeedCard(true);
    if (state.login) setLogin(state.login);
  }

  async function pay() {
    if (paying || paid || !stripe || !elements) return;
    setCheckout(null);
    const start = startCheckout(customer.state === 'known' ? { known: customer.customer } : customer.state === 'anonymous' ? { contact } : null);
    if (start) await runCheckout(start, checkoutCalls(appointment, selection, textReminders, cardOnFile, stripe, elements), show);
  }

  function finish(payer: Customer) {
    setPaid({ email: payer.email, phone: payer.phone, texts: textReminders, classes: onBooked ? null : findClasses(appointment) });
    dispatchBooking({ type: 'paid' });
    host.report({ type: 'booked', course: appointment.offering.course.course_number, start: appointment.startEpoch, frequency: appointment.frequency });
  }

  if (paid) {
    return (
      <Booked
        appointment={appointment}
        selection={selection}
        prices={prices}
        receipt={paid}
        onContinue={async () => {
          if (onBooked) {
            resetBooking();
            return onBooked();
          }
          window.location.assign(await paid.classes!);
        }}
      />
    );
  }

  const ready = customer.state !== 'unknown' && customer.state !== 'error';
  return (
    <div className={styles.step}>
      <div className={styles.stepHeader}>
        <BackButton disabled={paying} />
        <h3 className={styles.stepTitle} tabIndex={-1} ref={heading}>
          Finalize Booking
        </h3>
      </div>

      <section className={styles.summary} aria-label="Appointment">
        <p className={styles.tutorName}>
          {appointment.offering.course.course_number} with {appointment.offering.tutor.name}
        </p>
        <AppointmentFacts appointment={appointment} selection={selection} prices={prices} />
      </section>

      <PayerDetails customer={customer} contact={contact} onContact={setContact} markEmpty={stop?.markEmpty === true} paying={paying} cardOnFile={cardOnFile} />

      {customer.state === 'known' && (
        <HoursWays payer={customer.customer} booking={hoursBooking(appointment, selection, textReminders)} {...{ capacity: selection.capacity, prices, cardOnFile, paying }} onBooked={() => finish(customer.customer)} />
      )}

      {ready && !cardOnFile && <CardField cardOptions={cardOptions} account={customer.state === 'known' ? customer.customer.email : null} />}

      {ready && (
        <label className={styles.checkbox}>
          <input type="checkbox" checked={textReminders} disabled={paying} onChange={(event) => setTextReminders(event.target.checked)} />
          Text me reminders before each session
        </label>
      )}

      <Assurances appointment={appointment} selection={selection} prices={prices} linksInNewTab={host.linksInNewTab} />

      {stop?.message && (
        <p className={styles.error} role="alert">
          {stop.message}
        </p>
      )}
      <Button loading={paying} disabled={!ready || !stripe} onClick={() => void pay()}>
        Pay
      </Button>

      {login &&
        loginDialog({
          ...login,
          onClose: (signedIn) => {
            setLogin(null);
            if (signedIn) {
              setCheckout(null);
              onSignedIn?.();
            }
            setCustomer({ state: 'unknown' });
            void loadCustomer().then(setCustomer);
          },
        })}
    </div>
  );
}

interface HoursWaysProps {
  payer: Customer;
  booking: PayWithHoursProps['booking'];
  capacity: 1 | 2;
  prices: Prices;
  cardOnFile: boolean;
  paying: boolean;
  onBooked: () => void;
}

/**
 * A signed-in customer's ways to pay with hours: an hour of theirs of this size, or else the
 * package offer, whose first hour then books it.
 */
function HoursWays({ payer, booking, capacity, prices, cardOnFile, paying, onBooked }: HoursWaysProps) {
  return (
    <PayWithHours
      booking={booking}
      capacity={capacity}
      disabled={paying}
      onBooked={onBooked}
      withoutHours={(bookWithAnHour) => (
        <HoursOffer
          capacity={capacity}
          weekly={booking.slot !== undefined}
          prices={prices}
          payer={`${payer.firstname} ${payer.lastname}`}
          ownCardField={cardOnFile}
          disabled={paying}
          onHours={bookWithAnHour}
        />
      )}
    />
  );
}

/** The booking Pay with hours makes: this appointment, one-time or weekly (its slot). */
function hoursBooking(appointment: Appointment, selection: StepFinalizeProps['selection'], textReminders: boolean): PayWithHoursProps['booking'] {
  const booking = { meeting: appointment.meetingId, offering: appointment.offering.id, capacity: selection.capacity, course_style: selection.style!, text_reminders: textReminders };
  return appointment.slotId !== null ? { ...booking, slot: appointment.slotId } : booking;
}

/** The calls of Pay (checkout-flow.ts) for this appointment, with the card field or the card on file. */
function checkoutCalls(appointment: Appointment, selection: StepFinalizeProps['selection'], textReminders: boolean, cardOnFile: boolean, stripe: Stripe, elements: StripeElements): CheckoutCalls {
  return {
    createCustomer,
    createIntent: () => {
      const common = { meeting: appointment.meetingId, offering: appointment.offering.id, capacity: selection.capacity, course_style: selection.style!, text_reminders: textReminders };
      return appointment.slotId !== null ? createSubscription({ ...common, slot: appointment.slotId }) : createPayment(common);
    },
    // A typed card pays the intent; without one, the card on file is confirmed (3-D Secure, when
    // its bank wants the customer: Stripe.js shows the check).
    confirm: async (payer, secret) => {
      const card = cardOnFile ? null : elements.getElement(CardElement);
      const result = card ? await confirmTypedCard(stripe, secret, card, `${payer.firstname} ${payer.lastname}`) : await stripe.confirmCardPayment(secret);
      return { typedCard: card !== null, error: result.error };
    },
    secrets: intentSecrets,
    // A payer's kept intent is the one for this appointment, size and place.
    intentKey: `${appointment.key}:${selection.capacity}:${selection.style}`,
  };
}

interface PayerDetailsProps {
  customer: CustomerState;
  contact: ContactFields;
  onContact: (contact: ContactFields) => void;
  /** After 'Please fill in all fields': the contact fields still empty are marked. */
  markEmpty: boolean;
  paying: boolean;
  cardOnFile: boolean;
}

/** Who books: loading, the customer that could not be loaded, the contact form of a new customer, or the known customer. */
function PayerDetails({ customer, contact, onContact, markEmpty, paying, cardOnFile }: PayerDetailsProps) {
  const empty = markEmpty ? emptyFields(contact) : [];
  const contactField = (key: keyof ContactFields) => ({
    value: contact[key],
    onChange: (value: string) => onContact({ ...contact, [key]: value }),
    error: empty.includes(key) ? 'Required' : undefined,
    // The form's one alert says what is wrong; each field only shows its mark.
    announceError: false,
  });
  if (customer.state === 'unknown') return <Loader text="Loading your details…" />;
  if (customer.state === 'error') {
    return (
      <p className={styles.error} role="alert">
        {customer.message}
      </p>
    );
  }
  if (customer.state === 'anonymous') {
    return (
      <fieldset className={styles.contact} disabled={paying}>
        <legend>Your contact details</legend>
        <TextInput label="First name" autoComplete="given-name" {...contactField('firstname')} />
        <TextInput label="Last name" autoComplete="family-name" {...contactField('lastname')} />
        <TextInput label="Email" type="email" autoComplete="email" {...contactField('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...contactField('phone')} />
      </fieldset>
    );
  }
  return (
    <p className={styles.payer}>
      Booking as <strong>{customer.customer.firstname} {customer.customer.lastname}</strong>
      {cardOnFile && <> · paying with your {customer.customer.payment_method}</>}
    </p>
  );
}

/** The terms under the form: what is charged when, the free skip, the guarantee. */
function Assurances({ appointment, selection, prices, linksInNewTab }: Pick<StepFinalizeProps, 'appointment' | 'selection' | 'prices'> & { linksInNewTab: boolean }) {
  return (
    <ul className={styles.assurances}>
      <li>{paymentTerms(appointment.frequency, sessionPrice(prices, appointment.frequency, selection.capacity))}</li>
      <li>Skip or cancel up to 12 hours before a session at no charge.</li>
      <li>
        Backed by our pass guarantee (<a href="/terms" target={linksInNewTab ? '_blank' : undefined}>terms</a>).
      </li>
    </ul>
  );
}

/** Where a booking's confirmation went, and (on the home page) where the student's classes are. */
interface Receipt {
  email: string;
  phone: string;
  texts: boolean;
  classes: Promise<string> | null;
}

/**
 * The page of the booked course's gradebook when it has one (not archived), else the dashboard.
 * With Stripe the payment is confirmed by its webhook, which may land a moment after the
 * browser's confirmation: the gradebook is looked for a few times before settling.
 */
async function findClasses(appointment: Appointment): Promise<string> {
  for (const wait of [0, 600, 1200]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const gradebooks = await getMyGradebooks();
    const gradebook =
      gradebooks.status === 'success' ? gradebooks.data.find((g) => !g.archived && String(g.course.id) === String(appointment.offering.course.id)) : undefined;
    if (gradebook) return `/student/dashboard/grades/${gradebook.id}`;
  }
  return '/student/dashboard';
}

/**
 * After payment: what was booked and where its confirmation went. It stays until the student
 * moves on (to their classes, or back to the sessions list), so there is time to read it.
 */
function Booked({ appointment, selection, prices, receipt, onContinue }: Pick<StepFinalizeProps, 'appointment' | 'selection' | 'prices'> & { receipt: Receipt; onContinue: () => Promise<void> | void }) {
  const [leaving, setLeaving] = useState(false);
  const { linksInNewTab } = useBookingHost();
  const { course, tutor } = appointment.offering;
  return (
    <div className={styles.step}>
      <h3 className={styles.stepTitle} tabIndex={-1}>
        You're booked!
      </h3>
      <section className={styles.summary} aria-label="Your booking">
        <p className={styles.tutorName}>
          {course.course_number} {course.course_name} with {tutor.name}
        </p>
        <AppointmentFacts appointment={appointment} selection={selection} prices={prices} />
      </section>
      <p className={styles.payer}>
        Payment complete. Your confirmation, with a calendar invite, is on its way to <strong>{receipt.email}</strong>.
        {receipt.texts && (
          <>
            {' '}
            Reminder texts go to <strong>{formatPhone(receipt.phone)}</strong> before each session.
          </>
        )}
      </p>
      {linksInNewTab ? (
        // In the widget on a partner's page: our dashboard opens beside it, the partner's page stays.
        <ButtonLink href="/student/dashboard" target="_blank" rel="noopener">
          Open your classes
        </ButtonLink>
      ) : (
        <Button
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void onContinue();
          }}
        >
          {receipt.classes ? 'Go to your classes' : 'See your sessions'}
        </Button>
      )}
    </div>
  );
}
