import type { Customer, Gradebook, Id, Payment } from '../contract/entities.ts';
import { request, segment } from './http.ts';

export const getMyCustomer = () => request<Customer>('GET', '/api/customers/myself');
export const getMyGradebooks = () => request<Gradebook[]>('GET', '/api/customers/myself/gradebooks');
export const getCustomerGradebooks = (customerId: Id | 'myself') =>
  request<Gradebook[]>('GET', `/api/customers/${segment(customerId)}/gradebooks`);
export const getMyPayments = () => request<Payment[]>('GET', '/api/customers/myself/payments');
export const skipPayment = (paymentId: Id) => request<Payment>('POST', `/api/payments/${segment(paymentId)}/skip`);
export const cancelSubscription = (subscriptionId: Id) =>
  request<{ id: Id }>('POST', `/api/subscriptions/${segment(subscriptionId)}/cancel`);
