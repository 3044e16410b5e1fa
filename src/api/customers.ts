import type { Customer, Gradebook, Id, Payment } from '../contract/entities.ts';
import { request, segment } from './http.ts';

/** The student dashboard's first reads (they may come with its page: first-answers.ts). */
export const MY_CUSTOMER = '/api/customers/myself';
export const MY_GRADEBOOKS = '/api/customers/myself/gradebooks';
export const MY_PAYMENTS = '/api/customers/myself/payments';

export const getMyCustomer = () => request<Customer>('GET', MY_CUSTOMER);
export const getMyGradebooks = () => request<Gradebook[]>('GET', MY_GRADEBOOKS);
export const getCustomerGradebooks = (customerId: Id | 'myself') =>
  request<Gradebook[]>('GET', `/api/customers/${segment(customerId)}/gradebooks`);
export const getMyPayments = () => request<Payment[]>('GET', MY_PAYMENTS);
export const skipPayment = (paymentId: Id) => request<Payment>('POST', `/api/payments/${segment(paymentId)}/skip`);
export const cancelSubscription = (subscriptionId: Id) =>
  request<{ id: Id }>('POST', `/api/subscriptions/${segment(subscriptionId)}/cancel`);
