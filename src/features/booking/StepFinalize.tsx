import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
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
import { BackButton } from './BackButton.tsx';
import type { Appointment, Selection } from './booking-machine.ts';
import { dispatchBooking, intentSecrets, resetBooking } from './booking-store.ts';
import { useBookingHost } from './booking-host.ts';
import type { ApiResult } from '../../api/http.ts';
import { confirmTypedCard, declinedPaymentSecret } from './card-payment.ts';
import styles from './booking.module.css';
import { type ContactFields, cleanContact, contactError, emptyFields, FILL_IN_ALL } from './contact-validation.ts';
import { paymentTerms } from './price-wording.ts';
import { installStripeStandIn } from './stripe-standin.ts';

/** With a publishable key the real Stripe.js is used; without one (demo), the local stand-in. */
const publishableKey = import.meta.env.PUBLIC_STRIPE_KEY as string | undefined;
if (!publishableKey) installStripeStandIn();
const stripePromise = loadStripe(publishableKey || 'pk_offline_demo');

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
  const [paying, setPaying] = useState(false);
  // Once paid: where the confirmation goes, for the booked screen.
  const [paid, setPaid] = useState<Receipt | null>(null);
  // After 'Please fill in all fields': the contact fields still empty are marked.
  const [markEmpty, setMarkEmpty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [login, setLogin] = useState<{ email: string; phone: string } | null>(null);
  // The card on file was declined (or its 3-D Secure check failed): the customer types another.
  const [needCard, setNeedCard] = useState(false);
  // Reminder texts before each session (issue 12): on unless the customer unticks the box.
  const [textReminders, setTextReminders] = useState(true);

  const host = useBookingHost();
  /** The sentence for a refused or unanswered call; the page hears of its error type. */
  const failed = (result: Exclude<ApiResult<unknown>, { status: 'success' }>) => {
    host.report({ type: 'error', error: result.error.type });
    return result.status === 'failure' ? errorMessage(result.error) : 'Cannot contact server';
  };

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

  const cardOnFile = customer.state === 'known' && customer.customer.payment_method !== null && !needCard;
  const cardOptions = useMemo(() => ({ disabled: paying, hidePostalCode: true }), [paying]);
  const empty = markEmpty ? emptyFields(contact) : [];
  const contactField = (key: keyof ContactFields) => ({
    value: contact[key],
    onChange: (value: string) => setContact({ ...contact, [key]: value }),
    error: empty.includes(key) ? 'Required' : undefined,
    // The form's one alert says what is wrong; each field only shows its mark.
    announceError: false,
  });

  async function pay() {
    if (paying || paid || !stripe || !elements) return;
    setError(null);
    let payer: Customer;
    if (customer.state === 'known') payer = customer.customer;
    else if (customer.state === 'anonymous') {
      const problem = contactError(contact);
      setMarkEmpty(problem === FILL_IN_ALL);
      if (problem) return setError(problem);
      setPaying(true);
      const created = await createCustomer(cleanContact(contact));
      if (created.status !== 'success') {
        setPaying(false);
        if (created.status === 'failure' && created.error.type === 'AlreadyExists') {
          setError(failed(created));
          const { email, phone } = cleanContact(contact);
          setLogin({ email, phone });
        } else setError(failed(created));
        return;
      }
      payer = created.data;
      setCustomer({ state: 'known', customer: created.data });
      onSignedIn?.();
    } else return;

    setPaying(true);
    const cacheKey = `${payer.id}:${appointment.key}:${selection.capacity}:${selection.style}`;
    let secret = intentSecrets.get(cacheKey);
    if (!secret) {
      const common = {
        meeting: appointment.meetingId,
        offering: appointment.offering.id,
        capacity: selection.capacity,
        course_style: selection.style!,
        text_reminders: textReminders,
      };
      const intent = appointment.slotId !== null ? await createSubscription({ ...common, slot: appointment.slotId }) : await createPayment(common);
      if (intent.status !== 'success') {
        setPaying(false);
        // The card on file was declined: the provider's message, and a card field for another card
        // (the seat stays held, and the same payment, whose secret comes with the error, takes the new card).
        if (intent.status === 'failure' && intent.error.type === 'CardDeclined') {
          const declinedSecret = declinedPaymentSecret(intent.error);
          if (declinedSecret) intentSecrets.set(cacheKey, declinedSecret);
          setNeedCard(true);
          return setError(intent.error.message ?? failed(intent));
        }
        return setError(failed(intent));
      }
      // The server charged the card on file at once: nothing left to confirm.
      if (intent.data.status === 'succeeded' || intent.data.status === 'processing') return finish(payer);
      secret = intent.data.client_secret;
      intentSecrets.set(cacheKey, secret);
    }

    // A typed card pays the intent; without one, the card on file is confirmed (3-D Secure, when
    // its bank wants the customer: Stripe.js shows the check).
    const card = cardOnFile ? null : elements.getElement(CardElement);
    const name = `${payer.firstname} ${payer.lastname}`;
    const result = card ? await confirmTypedCard(stripe, secret, card, name) : await stripe.confirmCardPayment(secret);
    if (result.error) {
      setPaying(false);
      // An intent whose hold ran out cannot be paid any more: the next try starts a new one.
      if (result.error.code === 'payment_intent_unexpected_state') intentSecrets.delete(cacheKey);
      else if (!card) setNeedCard(true);
      host.report({ type: 'error', error: result.error.code === 'card_declined' ? 'CardDeclined' : result.error.type });
      return setError(result.error.message ?? 'Your payment did not go through');
    }
    finish(payer);
  }

  function finish(payer: Customer) {
    setPaying(false);
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

      {customer.state === 'unknown' && <Loader text="Loading your details…" />}
      {customer.state === 'error' && (
        <p className={styles.error} role="alert">
          {customer.message}
        </p>
      )}
      {customer.state === 'anonymous' && (
        <fieldset className={styles.contact} disabled={paying}>
          <legend>Your contact details</legend>
          <TextInput label="First name" autoComplete="given-name" {...contactField('firstname')} />
          <TextInput label="Last name" autoComplete="family-name" {...contactField('lastname')} />
          <TextInput label="Email" type="email" autoComplete="email" {...contactField('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...contactField('phone')} />
        </fieldset>
      )}
      {customer.state === 'known' && (
        <p className={styles.payer}>
          Booking as <strong>{customer.customer.firstname} {customer.customer.lastname}</strong>
          {cardOnFile && <> · paying with your {customer.customer.payment_method}</>}
        </p>
      )}

      {customer.state !== 'unknown' && customer.state !== 'error' && !cardOnFile && (
        <div className={styles.cardField}>
          <p className={styles.fieldLabel} id="card-label">
            Card
          </p>
          <div role="group" aria-labelledby="card-label" aria-describedby={customer.state === 'known' ? 'card-account' : undefined}>
            <CardElement options={cardOptions} />
          </div>
          {/* Whose account keeps the card: a browser signed in to someone else's account shows it before the card is typed. */}
          {customer.state === 'known' && (
            <p className={styles.cardAccount} id="card-account">
              Saved to the account of <strong>{customer.customer.email}</strong>
            </p>
          )}
        </div>
      )}

      {customer.state !== 'unknown' && customer.state !== 'error' && (
        <label className={styles.checkbox}>
          <input type="checkbox" checked={textReminders} disabled={paying} onChange={(event) => setTextReminders(event.target.checked)} />
          Text me reminders before each session
        </label>
      )}

      <ul className={styles.assurances}>
        <li>{paymentTerms(appointment.frequency, sessionPrice(prices, appointment.frequency, selection.capacity))}</li>
        <li>Skip or cancel up to 12 hours before a session at no charge.</li>
        <li>
          Backed by our pass guarantee (<a href="/terms" target={host.linksInNewTab ? '_blank' : undefined}>terms</a>).
        </li>
      </ul>

      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button loading={paying} disabled={customer.state === 'unknown' || customer.state === 'error' || !stripe} onClick={() => void pay()}>
        Pay
      </Button>

      {login &&
        loginDialog({
          ...login,
          onClose: (signedIn) => {
            setLogin(null);
            if (signedIn) {
              setError(null);
              onSignedIn?.();
            }
            setCustomer({ state: 'unknown' });
            void loadCustomer().then(setCustomer);
          },
        })}
    </div>
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
