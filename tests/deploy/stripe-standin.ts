/**
 * The project's Stripe test stand-in: a small HTTP server that speaks the part of Stripe's REST API
 * the product uses, keeps its objects in memory, and delivers signed webhooks like Stripe does.
 *
 * - For the server's SDK (server/payments/stripe.ts; `Authorization: Bearer sk_…`, form-encoded
 *   bodies, `Idempotency-Key` replayed or refused like Stripe's): POST /v1/customers, POST and GET
 *   /v1/payment_intents (an off-session `confirm=true` with a saved `payment_method` is charged at
 *   once), GET /v1/payment_methods/{id}, POST /v1/refunds.
 * - For the browser (what Stripe.js does with the publishable key and the client secret):
 *   POST /v1/payment_intents/{id}/confirm with a card (`payment_method_data[card][number]`…) or a
 *   saved `payment_method`, and GET /v1/payment_intents/{id}?client_secret=…; with CORS like Stripe's.
 * - A Stripe.js stand-in at /v3 and /{release}/stripe.js (`window.Stripe`: elements with a card
 *   element in the page, confirmCardPayment over the confirm call above). The page loads it from
 *   https://js.stripe.com and calls https://api.stripe.com, as the product's page (and its
 *   Content-Security-Policy) expects; the test routes those two hosts here.
 * - Webhooks: every change of an intent's outcome is sent as payment_intent.succeeded or
 *   payment_intent.payment_failed to `webhookUrl`, signed with `webhookSecret` (the
 *   `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, t.payload)` header, by the SDK's own
 *   generateTestHeaderString), and retried on failure like Stripe (here: 5 tries within seconds).
 * - GET /_standin/intents and /_standin/events: what it holds and each delivery's answer, for the test.
 *
 * Test cards: 4242 4242 4242 4242 (Visa) and 5555 5555 5555 4444 (Mastercard) pay;
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import Stripe from 'stripe';

export interface StripeStandInOptions {
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The server's webhook endpoint (https://SITE/api/stripe/webhook). */
  webhookUrl: string;
  /** CA certificate(s) to trust for an https webhookUrl (Caddy's internal CA in the deploy test). */
  webhookCa?: string;
  log?: (line: string) => void;
}

type Json = Record<string, unknown>;

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  livemode: false;
  created: number;
  /** The stand-in's own: refunded in full. */
  refunded?: boolean;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  billing_details: { name: string | null };
  customer: string | null;
  livemode: false;
  created: number;
}

export interface Delivery {
  attempt: number;
  at: number;
  status: number | null;
  error?: string;
}

export interface DeliveredEvent {
  id: string;
  type: string;
  intent: string;
  deliveries: Delivery[];
}

const TEST_CARDS: Record<string, { brand: string } | { decline: string; message: string }> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { decline: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Stripe's form encoding (`metadata[payment_id]=7`, `payment_method_data[card][number]=…`) to nested objects. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Json;
    });
  }
  return result;
}

class StripeError extends Error {
  readonly status: number;
  readonly body: Json;
  constructor(status: number, body: Json) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

const invalid = (message: string, code?: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });
const missing = (kind: string, id: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });

export async function startStripeStandIn(options: StripeStandInOptions) {
  const log = options.log ?? (() => {});
  const signer = new Stripe(options.secretKey);
  const customers = new Map<string, Json>();
  const intents = new Map<string, Intent>();
  const methods = new Map<string, PaymentMethod>();
  const refunds = new Map<string, Json>();
  const events: DeliveredEvent[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const pendingDeliveries = new Set<Promise<void>>();
  let closed = false;

  function intentOrThrow(id: string): Intent {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }

  /** A card from the browser's card fields, as Stripe makes a PaymentMethod of it; a declined one still becomes one. */
  function cardMethod(data: Json): { method: PaymentMethod; decline: { code: string; message: string } | null } {
    const card = (data.card ?? {}) as Json;
    const number = String(card.number ?? '').replace(/\D/g, '');
    const known = TEST_CARDS[number];
    if (!known) throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'payment_method_data[card][number]' });
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'brand' in known ? known.brand : 'visa', last4: number.slice(-4), exp_month: Number(card.exp_month) || 12, exp_year: Number(card.exp_year) || 2034, funding: 'credit' },
      billing_details: { name: typeof (data.billing_details as Json | undefined)?.name === 'string' ? String((data.billing_details as Json).name) : null },
      customer: null,
      livemode: false,
      created: now(),
    };
    methods.set(method.id, method);
    return { method, decline: 'decline' in known ? { code: known.decline, message: known.message } : null };
  }

  /** Charges an intent with a payment method: succeeded, or declined (402, the intent in the error), with its webhook. */
  function charge(intent: Intent, method: PaymentMethod, decline: { code: string; message: string } | null, saveCard: boolean): Intent {
    if (intent.status !== 'requires_payment_method') {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        payment_intent: { ...intent },
      });
    }
    intent.payment_method = method.id;
    if (decline) {
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: decline.code, message: decline.message, payment_method: { ...method } };
      deliver('payment_intent.payment_failed', intent);
      throw new StripeError(402, { type: 'card_error', code: 'card_declined', decline_code: decline.code, message: decline.message, payment_intent: { ...intent } });
    }
    if (saveCard && intent.customer) method.customer = intent.customer;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    intent.last_payment_error = null;
    deliver('payment_intent.succeeded', intent);
    return intent;
  }

  /** The event to the server's endpoint, signed, tried again (0.5, 1, 2, 4 s apart) until it answers 2xx. */
  function deliver(type: string, intent: Intent) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...intent } },
    };
    const record: DeliveredEvent = { id: event.id, type, intent: intent.id, deliveries: [] };
    events.push(record);
    const payload = JSON.stringify(event);
    const run = (async () => {
      // After the answer that caused it, as Stripe does.
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let attempt = 1; attempt <= 5 && !closed; attempt++) {
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
        const outcome = await post(options.webhookUrl, payload, { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, options.webhookCa);
        record.deliveries.push({ attempt, at: Date.now(), ...outcome });
        log(`webhook ${type} ${event.id} (${intent.id}) try ${attempt}: ${outcome.status ?? outcome.error}`);
        if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) return;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
      }
    })();
    pendingDeliveries.add(run);
    void run.finally(() => pendingDeliveries.delete(run));
  }

  function requireSecretKey(request: IncomingMessage) {
    const auth = request.headers.authorization ?? '';
    const basic = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().replace(/:$/, '') : null;
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : basic;
    if (key !== options.secretKey) throw new StripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${String(key).slice(0, 8)}…` });
  }

  /** Stripe.js's calls carry the publishable key and the intent's client secret instead of the secret key. */
  function requireClientSecret(intent: Intent, params: Json) {
    if (params.key !== options.publishableKey) throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    if (params.client_secret !== intent.client_secret) throw invalid('The client_secret provided does not match any associated PaymentIntent on this account.', 'payment_intent_invalid_parameter', 'client_secret');
  }

  /** What the browser may see of an intent (Stripe.js gets no customer or metadata). */
  const publicIntent = (intent: Intent) => ({
    id: intent.id,
    object: intent.object,
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    payment_method: intent.payment_method,
    setup_future_usage: intent.setup_future_usage,
    last_payment_error: intent.last_payment_error,
    livemode: false,
    created: intent.created,
  });

  function route(method: string, path: string, params: Json, request: IncomingMessage): { status?: number; body: Json } {
    let match: RegExpExecArray | null;
    // --- Called by the server's SDK with the secret key.
    if (method === 'POST' && path === '/v1/customers') {
      requireSecretKey(request);
      const customer = { id: newId('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, livemode: false, created: now() };
      customers.set(customer.id, customer);
      return { body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      requireSecretKey(request);
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount_too_small', 'amount');
      const customer = typeof params.customer === 'string' ? params.customer : null;
      if (customer && !customers.has(customer)) throw missing('customer', customer);
      const id = newId('pi');
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(params.currency ?? 'usd'),
        customer,
        description: typeof params.description === 'string' ? params.description : null,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        payment_method: null,
        setup_future_usage: typeof params.setup_future_usage === 'string' ? params.setup_future_usage : null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        created: now(),
      };
      intents.set(id, intent);
      if (params.confirm === 'true') {
        // An off-session charge of a saved card (the weekly charges, overtime).
        const saved = methods.get(String(params.payment_method));
        if (!saved) throw missing('payment_method', String(params.payment_method));
        if (saved.customer !== customer) throw invalid(`The provided PaymentMethod ${saved.id} does not belong to the customer.`, 'payment_method_invalid_parameter', 'payment_method');
        const declining = Object.entries(TEST_CARDS).find(([number, card]) => number.endsWith(saved.card.last4) && 'decline' in card);
        charge(intent, saved, declining && 'decline' in declining[1] ? { code: declining[1].decline, message: declining[1].message } : null, false);
      }
      return { body: { ...intent } };
    }
    if ((match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path)) && method === 'GET') {
      const intent = intentOrThrow(match[1]!);
      if (params.key !== undefined) {
        requireClientSecret(intent, params);
        return { body: publicIntent(intent) };
      }
      requireSecretKey(request);
      return { body: { ...intent } };
    }
    if ((match = /^\/v1\/payment_methods\/([\w]+)$/.exec(path)) && method === 'GET') {
      requireSecretKey(request);
      const found = methods.get(match[1]!);
      if (!found) throw missing('payment_method', match[1]!);
      return { body: { ...found } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      requireSecretKey(request);
      const intent = intentOrThrow(String(params.payment_intent));
      if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable');
      if (intent.refunded) throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, 'charge_already_refunded');
      intent.refunded = true;
      const refund = { id: newId('re'), object: 'refund', amount: intent.amount, charge: intent.latest_charge, payment_intent: intent.id, currency: intent.currency, status: 'succeeded', created: now() };
      refunds.set(refund.id, refund);
      return { body: refund };
    }
    // --- Called by Stripe.js in the browser with the publishable key and the client secret.
    if ((match = /^\/v1\/payment_intents\/([\w]+)\/confirm$/.exec(path)) && method === 'POST') {
      const intent = intentOrThrow(match[1]!);
      requireClientSecret(intent, params);
      const saveCard = params.setup_future_usage === 'off_session' || intent.setup_future_usage === 'off_session';
      if (params.payment_method_data) {
        const { method: card, decline } = cardMethod(params.payment_method_data as Json);
        return { body: publicIntent(charge(intent, card, decline, saveCard)) };
      }
      const saved = methods.get(String(params.payment_method ?? intent.payment_method));
      if (!saved) throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_intent_unexpected_state');
      return { body: publicIntent(charge(intent, saved, null, saveCard)) };
    }
    // --- The test's view.
    if (method === 'GET' && path === '/_standin/intents') return { body: { data: [...intents.values()] } };
    if (method === 'GET' && path === '/_standin/events') return { body: { data: events } };
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    // Stripe.js calls from the page's origin.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, stripe-version, authorization');
    response.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
    if (request.method === 'OPTIONS') {
      response.statusCode = 204;
      return response.end();
    }
    if (request.method === 'GET' && (path === '/v3' || path === '/v3/' || /^\/[a-z0-9]+\/stripe\.js$/.test(path))) {
      response.setHeader('content-type', 'text/javascript; charset=utf-8');
      return response.end(STRIPE_JS);
    }
    let text = '';
    for await (const chunk of request) text += chunk;
    const params = request.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    const key = request.method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = `${request.method} ${path} ${text}`;
    let answer: { status: number; body: Json };
    const previous = key ? idempotent.get(key) : undefined;
    if (previous && previous.fingerprint !== fingerprint) {
      answer = {
        status: 400,
        body: { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}'.` } },
      };
    } else if (previous) {
      response.setHeader('idempotent-replayed', 'true');
      answer = previous;
    } else {
      try {
        const { status = 200, body } = route(request.method ?? 'GET', path, params, request);
        answer = { status, body };
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        answer = { status: error.status, body: { error: error.body } };
      }
      // Stripe keeps the answer of a keyed request, errors included (not 5xx), for 24 hours.
      if (key) idempotent.set(key, { fingerprint, ...answer });
    }
    log(`${request.method} ${path} -> ${answer.status}`);
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', newId('req'));
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });

  return {
    url: `http://127.0.0.1:${options.port}`,
    intents,
    events,
    async close() {
      closed = true;
      await Promise.allSettled([...pendingDeliveries]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One POST; its status, or the error that kept it from an answer. */
function post(target: string, body: string, headers: Record<string, string>, ca?: string): Promise<{ status: number | null; error?: string }> {
  const url = new URL(target);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, ...(ca ? { ca } : {}), timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? null }));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
}

/**
 * The Stripe.js stand-in the page loads: `window.Stripe(publishableKey)` with `elements()` (a card
 * element of three plain fields: Card number, Expiry, CVC) and `confirmCardPayment`, which posts the
 * card to the confirm call above at https://api.stripe.com, as Stripe.js does (the real one sends
 * the card from its own frame). It is what react-stripe-js needs: elements, createToken,
 * createPaymentMethod, confirmCardPayment, and `version` for @stripe/stripe-js's check.
 */
const STRIPE_JS = String.raw`(function () {
  var API = 'https://api.stripe.com/v1';
  function field(label, name, placeholder) {
    var wrapper = document.createElement('label');
    wrapper.style.cssText = 'display:inline-flex;flex-direction:column;margin-right:8px;font-size:12px';
    var text = document.createElement('span');
    text.textContent = label;
    var input = document.createElement('input');
    input.name = name;
    input.placeholder = placeholder;
    input.setAttribute('inputmode', 'numeric');
    wrapper.appendChild(text);
    wrapper.appendChild(input);
    return { wrapper: wrapper, input: input };
  }
  function createCard() {
    var handlers = {};
    function emit(event, payload) { (handlers[event] || []).slice().forEach(function (h) { h(payload); }); }
    var number = field('Card number', 'cardnumber', '1234 1234 1234 1234');
    var expiry = field('Expiry', 'exp-date', 'MM / YY');
    var cvc = field('CVC', 'cvc', 'CVC');
    var root = document.createElement('div');
    root.className = 'stripe-standin-card';
    root.appendChild(number.wrapper); root.appendChild(expiry.wrapper); root.appendChild(cvc.wrapper);
    number.input.addEventListener('input', function () {
      var digits = number.input.value.replace(/\D/g, '');
      emit('change', { elementType: 'card', empty: digits.length === 0, complete: digits.length >= 15, error: undefined });
    });
    var card = {
      _standInCard: true,
      _values: function () {
        var exp = expiry.input.value.replace(/\s/g, '').split('/');
        return { number: number.input.value.replace(/\D/g, ''), exp_month: exp[0] || '', exp_year: exp[1] ? '20' + exp[1].slice(-2) : '', cvc: cvc.input.value };
      },
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (node) node.appendChild(root);
        setTimeout(function () { emit('ready', card); }, 0);
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return card; },
      once: function (event, handler) { var h = function (p) { card.off(event, h); handler(p); }; return card.on(event, h); },
      off: function (event, handler) { handlers[event] = handler ? (handlers[event] || []).filter(function (h) { return h !== handler; }) : []; return card; },
      update: function (options) { if (options && options.disabled !== undefined) [number.input, expiry.input, cvc.input].forEach(function (i) { i.disabled = options.disabled; }); },
      focus: function () { number.input.focus(); },
      blur: function () { number.input.blur(); },
      clear: function () { number.input.value = ''; expiry.input.value = ''; cvc.input.value = ''; },
      unmount: function () { root.remove(); },
      destroy: function () { root.remove(); handlers = {}; }
    };
    return card;
  }
  function encode(params, prefix, out) {
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, out);
      else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
    });
    return out;
  }
  function Stripe(key) {
    var elementsByType = {};
    function call(method, path, params) {
      var body = encode(Object.assign({ key: key }, params), '', []).join('&');
      var request = method === 'GET'
        ? fetch(API + path + '?' + body)
        : fetch(API + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body });
      return request.then(function (response) { return response.json(); }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach the payment service. Please try again.' } };
      });
    }
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('The Stripe.js stand-in has the card element only, not ' + type);
            return (elementsByType.card = createCard());
          },
          getElement: function (type) { return elementsByType[typeof type === 'string' ? type : (type && type.__elementType) || ''] || null; },
          update: function () {}
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = clientSecret.split('_secret_')[0];
        var params = { client_secret: clientSecret };
        var method = data && data.payment_method;
        if (method && method._standInCard) params.payment_method_data = { type: 'card', card: method._values() };
        else if (method && method.card && method.card._standInCard) params.payment_method_data = { type: 'card', card: method.card._values(), billing_details: method.billing_details || {} };
        else if (typeof method === 'string') params.payment_method = method;
        if (data && data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
        return call('POST', '/payment_intents/' + id + '/confirm', params).then(function (answer) {
          return answer.error ? { error: answer.error } : { paymentIntent: answer };
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        return call('GET', '/payment_intents/' + clientSecret.split('_secret_')[0], { client_secret: clientSecret }).then(function (answer) {
          return answer.error ? { error: answer.error } : { paymentIntent: answer };
        });
      },
      createToken: function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not in the stand-in' } }); },
      createPaymentMethod: function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not in the stand-in' } }); },
      registerAppInfo: function () {},
      _registerWrapper: function () {}
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
