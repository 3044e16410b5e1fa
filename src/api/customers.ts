import type { Id } from '../contract/entities.ts';
import { send } from './http.ts';

/** The student dashboard's first reads (they may come with its page: first-answers.ts). */
export const MY_CUSTOMER = '/api/customers/myself';
export const MY_GRADEBOOKS = '/api/customers/myself/gradebooks';
export const MY_PAYMENTS = '/api/customers/myself/payments';

export const getMyCustomer = () => send('GET /customers/myself');
export const getMyGradebooks = () => send('GET /customers/{id}/gradebooks', { params: { id: 'myself' } });
export const getCustomerGradebooks = (customerId: Id | 'myself') =>
  send('GET /customers/{id}/gradebooks', { params: { id: customerId } });
export const getMyPayments = () => send('GET /customers/myself/payments');
export const skipPayment = (paymentId: Id) => send('POST /payments/{id}/skip', { params: { id: paymentId } });
export const cancelSubscription = (subscriptionId: Id) =>
  send('POST /subscriptions/{id}/cancel', { params: { id: subscriptionId } });
