import type { Id } from '../contract/entities.ts';
import { send } from './http.ts';

/**
 * A customer's hours (docs/contract-extensions.md 'Hour packages'). Apart from customers.ts, which
 * the dashboards' shell loads: only the screens that buy or spend hours, loaded on demand, need these.
 */

/** The customer's hours: balance per size, packages bought, the ledger. */
export const getMyCredits = () => send('GET /customers/myself/credits');
/** Buys an hour package: the intent to confirm with a card, as a booking's. */
export const buyPackage = (packageId: Id) => send('POST /package-purchases', { form: { package: packageId } });
