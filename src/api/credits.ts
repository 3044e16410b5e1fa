import type { Id } from '../contract/entities.ts';
import { send } from './http.ts';

/**
 * A customer's hours (docs/contract-extensions.md 'Hour packages'). Apart from customers.ts, which
 * the dashboards' shell loads: only the screens that buy or spend hours, loaded on demand, need these.
 */

/** The customer's hours: balance per size, packages bought, the ledger. */
export const getMyCredits = () => send('GET /customers/myself/credits');
/** Supervisors: purchases with hours left, and what a refund of each gives back. */
export const getUnusedPurchases = () => send('GET /credit-lots');
/** Supervisors: refunds a purchase's unused hours to the card that paid, saying why. */
export const refundUnusedHours = (lotId: Id, reason: string) => send('POST /credit-lots/{id}/refund', { params: { id: lotId }, form: { reason } });
/** Supervisors: a customer's hours and ledger. */
export const getCustomerCredits = (customerId: Id) => send('GET /customers/{id}/credits', { params: { id: customerId } });
/** Buys an hour package: the intent to confirm with a card, as a booking's. */
export const buyPackage = (packageId: Id) => send('POST /package-purchases', { form: { package: packageId } });
