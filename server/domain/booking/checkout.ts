import type { PaymentIntent } from '../../../src/contract/entities.ts';
import type { QueryCreator } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import type { CreatedIntent, PaymentProvider, SavedCardResult } from '../../payments/provider.ts';
import { fulfilCharge } from '../billing/fulfilment.ts';
import { sendPendingRefunds } from '../billing/refunds.ts';
import { Refusal } from '../refusal.ts';
import { releaseSeat } from './seats.ts';
import { movePayments, type PaymentStatus } from '../billing/payment-lifecycle.ts';

/**
 * The provider half of a booking checkout. Booking (booking.ts) takes the seats and writes the
 * payment row in one transaction and commits; then this asks the provider, with the payment's id as
 * the idempotency key, and stores the answer in a short transaction of its own. No transaction is
 * open while the provider is asked, so a slow provider never holds the seat locks.
 *
 * Everything here can run again for the same payment (a retried request, the reconciliation pass
 * after a crash): the provider answers the same key with the same intent, and storing keeps the
 * first intent written.
 *
 * A checkout pays one of two ways, decided when the seats are taken: `card_entry` makes an intent
 * the browser confirms with a typed card; `saved_card` charges the card on file at once,
 * off-session (only for an account proven by a login link or code: account-proof.ts).
 */

/** The contract's answer (`client_secret`, …) with where the payment stands (`status`). */
export type CheckoutAnswer = PaymentIntent;
type CheckoutStatus = PaymentIntent['status'];

const expired = () => new Refusal('PaymentFailed', { code: 'payment_intent_unexpected_state', message: 'This payment expired. Please start the booking again.' });

async function loadCheckout(db: Db, paymentId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .select([
      'p.id',
      'p.customer_id',
      'p.amount_cents',
      'p.payment_status',
      'p.provider_intent_id',
      'p.client_secret',
      'p.checkout',
      'p.checkout_card_id',
      'p.checkout_description',
      'cu.email',
      'cu.firstname',
      'cu.lastname',
      'cu.provider_customer_id',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/** What a checkout's provider call needs: the payment and its customer. */
export type CheckoutRow = Awaited<ReturnType<typeof loadCheckout>>;

type ProviderAnswer = { kind: 'intent'; intent: CreatedIntent } | { kind: 'charge'; result: SavedCardResult };

async function askProvider(provider: PaymentProvider, row: CheckoutRow): Promise<ProviderAnswer> {
  const customer = { id: row.customer_id, email: row.email, name: `${row.firstname} ${row.lastname}`, providerCustomerId: row.provider_customer_id };
  const description = row.checkout_description ?? `Booking ${row.id}`;
  if (row.checkout === 'saved_card') {
    const result = await provider.chargeSavedCard({ paymentId: row.id, amountCents: row.amount_cents, customer, paymentMethodId: row.checkout_card_id, description });
    return { kind: 'charge', result };
  }
  const intent = await provider.createIntent({ paymentId: row.id, amountCents: row.amount_cents, customer, saveCard: true, description });
  return { kind: 'intent', intent };
}

/**
 * Sends a checkout's provider call unless its intent is stored already, and answers where it
 * stands. `abandonOnFailure`: a provider error gives the seats back and ends the payment (the
 * request that took the seats, and the reconciliation pass); a retried request that found the
 * payment waiting leaves it to the request still running.
 */
export async function sendCheckout(db: Db, provider: PaymentProvider, payment: number | CheckoutRow, options: { abandonOnFailure: boolean; log?: (line: string) => void }): Promise<CheckoutAnswer> {
  // A booking passes the row it has just written; a retry or the reconciliation reads it.
  const row = typeof payment === 'number' ? await loadCheckout(db, payment) : payment;
  const paymentId = row.id;
  if (row.provider_intent_id) return answerStored(db, provider, row, options.log);
  let answer: ProviderAnswer;
  try {
    answer = await askProvider(provider, row);
  } catch (error) {
    if (options.abandonOnFailure) await abandonCheckout(db, paymentId);
    throw error;
  }
  return answer.kind === 'intent' ? storeIntent(db, row, answer.intent) : storeCharge(db, provider, row, answer.result, options.log);
}

/** Writes the intent on the payment unless one is there (a concurrent retry wrote the same one). */
async function writeIntent(db: Db, paymentId: number, intentId: string, clientSecret: string | null): Promise<void> {
  await db.updateTable('payments').set({ provider_intent_id: intentId, client_secret: clientSecret }).where('id', '=', paymentId).where('provider_intent_id', 'is', null).execute();
}

async function storeIntent(db: Db, row: CheckoutRow, intent: CreatedIntent): Promise<CheckoutAnswer> {
  const newProviderCustomer = intent.providerCustomerId && intent.providerCustomerId !== row.provider_customer_id ? intent.providerCustomerId : null;
  const status = await writeIntentReadStatus(db, row, intent, newProviderCustomer);
  // Given up meanwhile (another checkout of this customer or address took over): the intent is kept
  // on the payment so that a charge of it is recognised and refunded, but it is not offered.
  if (status !== 'requires_payment_method') throw expired();
  return { client_secret: intent.clientSecret, payment_id: row.id, amount_cents: row.amount_cents, status: 'requires_payment_method' };
}

/**
 * Writes the intent (unless a concurrent retry wrote the same one) and answers the payment's
 * status. With the customer the provider has just made, both are written in one statement, so
 * together, and the card it saves is found next time.
 */
async function writeIntentReadStatus(db: Db, row: CheckoutRow, intent: CreatedIntent, newProviderCustomer: string | null): Promise<PaymentStatus> {
  const creator: QueryCreator<Database> = newProviderCustomer
    ? db.with('provider_customer', (qc) => qc.updateTable('customers').set({ provider_customer_id: newProviderCustomer }).where('id', '=', row.customer_id).returning('id'))
    : db;
  const written = await creator
    .updateTable('payments')
    .set({ provider_intent_id: intent.intentId, client_secret: intent.clientSecret })
    .where('id', '=', row.id)
    .where('provider_intent_id', 'is', null)
    .returning('payment_status')
    .executeTakeFirst();
  return written?.payment_status ?? (await db.selectFrom('payments').select('payment_status').where('id', '=', row.id).executeTakeFirstOrThrow()).payment_status;
}

async function storeCharge(db: Db, provider: PaymentProvider, row: CheckoutRow, result: SavedCardResult, log?: (line: string) => void): Promise<CheckoutAnswer> {
  const answer = (status: CheckoutStatus, clientSecret: string | null) => ({ client_secret: clientSecret ?? '', payment_id: row.id, amount_cents: row.amount_cents, status });
  switch (result.status) {
    case 'succeeded':
      await writeIntent(db, row.id, result.intentId, result.clientSecret);
      await settleSucceeded(db, provider, row.id, result.intentId, log);
      return answer('succeeded', result.clientSecret);
    case 'processing':
      // Settled by the provider's webhook (or the reconciliation pass) while the seats stay held.
      await writeIntent(db, row.id, result.intentId, result.clientSecret);
      return answer('processing', result.clientSecret);
    case 'requires_action':
      await writeIntent(db, row.id, result.intentId, result.clientSecret);
      return answer('requires_action', result.clientSecret);
    case 'failed':
      if (result.intentId && result.clientSecret) {
        // The declined intent stays open: the customer pays it with another card while the seats
        // stay held, and a retried request answers its secret.
        await writeIntent(db, row.id, result.intentId, result.clientSecret);
      } else {
        await abandonCheckout(db, row.id);
      }
      throw cardDeclined(result);
  }
}

/**
 * A declined card on file. `client_secret` (an addition to the contract's error, when the declined
 * intent stays open) lets our client pay the same payment with a typed card; a client written to
 * the spec reads the error and shows it, never a success.
 */
function cardDeclined(result: Extract<SavedCardResult, { status: 'failed' }>): Refusal {
  return new Refusal('CardDeclined', { code: result.code, message: result.message, ...(result.clientSecret ? { client_secret: result.clientSecret } : {}) });
}

/**
 * A charge the provider reports as succeeded lands through fulfilment (seats confirmed, payment
 * complete); the webhook that follows finds it done. A charge of a payment given up meanwhile is
 * refunded, and the customer told to book again.
 */
async function settleSucceeded(db: Db, provider: PaymentProvider, paymentId: number, intentId: string, log?: (line: string) => void): Promise<void> {
  const fulfilment = await fulfilCharge(db, { intentId, succeeded: true });
  if (fulfilment?.result === 'paid') return;
  await db.updateTable('payments').set({ refund_pending: true }).where('id', '=', paymentId).where('payment_status', '=', 'abandoned').execute();
  await sendPendingRefunds(db, provider, log ?? console.log, { paymentIds: [paymentId] });
  throw expired();
}

/**
 * A saved-card checkout given up before its charge was known (the provider failed or the process
 * died, and its hold ran out): the same call again, under the same idempotency key, tells whether
 * the card was charged (the provider answers the first charge, or makes this one); a charge is
 * refunded, as the seat is gone. Returns false while the answer is not final (still processing).
 */
export async function settleAbandonedCharge(db: Db, provider: PaymentProvider, paymentId: number, log: (line: string) => void): Promise<boolean> {
  const row = await loadCheckout(db, paymentId);
  if (row.checkout !== 'saved_card' || row.payment_status !== 'abandoned' || row.provider_intent_id) return true;
  const answer = await askProvider(provider, row);
  if (answer.kind !== 'charge') return true;
  const result = answer.result;
  if (result.intentId) await writeIntent(db, row.id, result.intentId, result.clientSecret);
  if (result.status === 'processing') return false;
  if (result.status === 'succeeded') {
    await db.updateTable('payments').set({ refund_pending: true }).where('id', '=', row.id).where('payment_status', '=', 'abandoned').execute();
    await sendPendingRefunds(db, provider, log, { paymentIds: [row.id] });
  }
  return true;
}

/** A retry of a checkout whose intent is stored: the same secret, with where it stands now. */
async function answerStored(db: Db, provider: PaymentProvider, row: CheckoutRow, log?: (line: string) => void): Promise<CheckoutAnswer> {
  if (row.payment_status !== 'requires_payment_method') throw new Refusal('AlreadyBooked');
  const intentId = row.provider_intent_id!;
  const base = { client_secret: row.client_secret ?? '', payment_id: row.id, amount_cents: row.amount_cents };
  // A typed-card intent waits for the card; a saved-card one may need the customer, or have settled.
  if (row.checkout !== 'saved_card') return { ...base, status: 'requires_payment_method' };
  const status = await provider.retrieveIntent(intentId);
  if (status === 'succeeded') {
    await settleSucceeded(db, provider, row.id, intentId, log);
    return { ...base, status: 'succeeded' };
  }
  if (status === 'canceled') throw expired();
  if (status === 'requires_payment_method') {
    // Declined and not paid since: the decline again, never a success (a spec client would show a
    // success as paid and skip the card step). Asked under the same idempotency key, the provider
    // answers its first answer (the decline with its message); nothing is charged again, as this
    // runs only while the hold lasts (minutes, far inside the key's lifetime).
    const replay = await askProvider(provider, row);
    const decline =
      replay.kind === 'charge' && replay.result.status === 'failed'
        ? replay.result
        : { status: 'failed' as const, intentId, clientSecret: row.client_secret, code: 'card_declined', message: 'Your card was declined.' };
    throw cardDeclined({ ...decline, clientSecret: row.client_secret });
  }
  return { ...base, status };
}

/**
 * Ends a checkout whose provider call failed: the payment is abandoned and its held seats go back,
 * in one transaction (and a weekly subscription left without seats ends). Does nothing once the
 * payment has an intent or is no longer open.
 */
export async function abandonCheckout(db: Db, paymentId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('payments').select(['customer_id', 'meeting_id', 'subscription_id']).where('id', '=', paymentId).executeTakeFirstOrThrow();
    let held = trx.selectFrom('reservations').select('meeting_id').where('customer_id', '=', payment.customer_id).where('status', '=', 'held');
    held = payment.subscription_id !== null ? held.where('subscription_id', '=', payment.subscription_id) : held.where('meeting_id', '=', payment.meeting_id);
    const seats = await held.orderBy('meeting_id').execute();
    // The meetings first, in id order, as every booking locks them (then the payment), so this
    // cannot deadlock with a booking of the same customer.
    if (seats.length > 0) {
      await trx.selectFrom('meetings').select('id').where('id', 'in', seats.map((s) => s.meeting_id)).orderBy('id').forUpdate().execute();
    }
    const ended = await movePayments(trx, 'abandoned', 'requires_payment_method')
      .where('id', '=', paymentId)
      .where('provider_intent_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) return;
    for (const seat of seats) await releaseSeat(trx, seat.meeting_id, payment.customer_id);
    if (payment.subscription_id !== null) {
      await trx.updateTable('subscriptions').set({ status: 'canceled' }).where('id', '=', payment.subscription_id).where('status', '=', 'active').execute();
    }
  });
}
