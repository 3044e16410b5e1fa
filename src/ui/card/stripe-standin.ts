/**
 * Demo payments without a network: a stand-in for Stripe.js installed as `window.Stripe` before
 * `@stripe/stripe-js/pure` loads it (loadStripe reuses an existing window.Stripe). The real
 * Elements / CardElement / confirmCardPayment code of the booking flow runs unchanged against it,
 * and payments are confirmed by the offline provider (POST /api/offline-payments/confirm).
 * Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */
import { confirmOfflinePayment } from '../../api/booking.ts';

type Handler = (event?: unknown) => void;

interface StandInCard {
  readonly isStandInCard: true;
  cardNumber(): string;
  mount(target: HTMLElement | string): void;
  on(event: string, handler: Handler): StandInCard;
  off(event: string, handler?: Handler): StandInCard;
  update(options: { disabled?: boolean }): void;
  focus(): void;
  blur(): void;
  clear(): void;
  unmount(): void;
  destroy(): void;
}

let fieldIds = 0;

function field(label: string, attributes: Record<string, string>): { wrapper: HTMLLabelElement; input: HTMLInputElement } {
  const wrapper = document.createElement('label');
  wrapper.className = 'demo-card-field';
  const text = document.createElement('span');
  text.textContent = label;
  const input = document.createElement('input');
  input.id = `demo-card-${++fieldIds}`;
  for (const [key, value] of Object.entries(attributes)) input.setAttribute(key, value);
  wrapper.append(text, input);
  return { wrapper, input };
}

function createCard(): StandInCard {
  const handlers = new Map<string, Set<Handler>>();
  const emit = (event: string, payload?: unknown) => handlers.get(event)?.forEach((h) => h(payload));
  // No placeholder: a sample number in an empty field looks typed in (the note below names the test cards).
  const number = field('Card number', { inputmode: 'numeric', autocomplete: 'cc-number', 'data-testid': 'demo-card-number' });
  const expiry = field('Expiry', { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY', value: '12 / 34' });
  const cvc = field('CVC', { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: '123', value: '123' });
  const inputs = [number.input, expiry.input, cvc.input];
  const root = document.createElement('div');
  root.className = 'demo-card';
  const row = document.createElement('div');
  row.className = 'demo-card-row';
  row.append(number.wrapper, expiry.wrapper, cvc.wrapper);
  const note = document.createElement('p');
  note.className = 'demo-card-note';
  note.textContent = 'Demo payments: no card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.';
  root.append(row, note);
  number.input.addEventListener('input', () => {
    const digits = number.input.value.replace(/\D/g, '');
    emit('change', { elementType: 'card', empty: digits.length === 0, complete: digits.length >= 15, error: undefined });
  });
  let mounted: HTMLElement | null = null;

  const card: StandInCard = {
    isStandInCard: true,
    cardNumber: () => number.input.value,
    mount(target) {
      mounted = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      mounted?.append(root);
      queueMicrotask(() => emit('ready', card));
    },
    on(event, handler) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return card;
    },
    off(event, handler) {
      if (handler) handlers.get(event)?.delete(handler);
      else handlers.delete(event);
      return card;
    },
    update({ disabled }) {
      if (disabled !== undefined) inputs.forEach((input) => (input.disabled = disabled));
    },
    focus: () => number.input.focus(),
    blur: () => number.input.blur(),
    clear() {
      number.input.value = '';
    },
    unmount() {
      root.remove();
    },
    destroy() {
      root.remove();
      handlers.clear();
    },
  };
  return card;
}

function standInStripe() {
  const elementsByType = new Map<string, StandInCard>();
  return {
    elements() {
      return {
        create(type: string) {
          if (type !== 'card') throw new Error(`The demo payment stand-in supports the card element only, not ${type}`);
          const card = createCard();
          elementsByType.set(type, card);
          return card;
        },
        // Like Stripe.js, takes a type name or a React element component (which names its type).
        getElement: (type: string | { __elementType?: string }) => elementsByType.get(typeof type === 'string' ? type : (type.__elementType ?? '')) ?? null,
        update() {},
      };
    },
    // `setup_future_usage` is accepted as Stripe.js accepts it; an offline card is kept anyway.
    async confirmCardPayment(clientSecret: string, data?: { payment_method?: { card?: StandInCard }; setup_future_usage?: 'off_session' }) {
      const card = data?.payment_method?.card;
      const result = await confirmOfflinePayment(clientSecret, card ? card.cardNumber() : undefined);
      if (result.status === 'success') return { paymentIntent: { id: result.data.id, status: result.data.status, client_secret: clientSecret } };
      if (result.status === 'network-error') return { error: { type: 'api_connection_error', message: 'We could not reach the payment service. Please try again.' } };
      const { code, message } = result.error as { code?: string; message?: string };
      return { error: { type: 'card_error', code, message: message ?? result.error.type } };
    },
    async createToken() {
      return { error: { type: 'invalid_request_error', message: 'Not available in demo payments' } };
    },
    async createPaymentMethod() {
      return { error: { type: 'invalid_request_error', message: 'Not available in demo payments' } };
    },
    registerAppInfo() {},
    _registerWrapper() {},
  };
}

/** Installs the stand-in unless a Stripe.js is already on the page. */
export function installStripeStandIn(): void {
  const target = window as unknown as { Stripe?: unknown };
  if (!target.Stripe) target.Stripe = Object.assign(() => standInStripe(), { version: 3 });
}
