import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { confirmTypedCard, declinedPaymentSecret } from '../../../src/ui/card/card-payment.ts';

describe('paying with a typed card', () => {
  it('asks Stripe to keep the card for off-session charges, with the billing name', async () => {
    const confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    const card = { isCard: true } as unknown as StripeCardElement;
    await confirmTypedCard({ confirmCardPayment } as unknown as Pick<Stripe, 'confirmCardPayment'>, 'pi_1_secret_x', card, 'Alex Kim');
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', { payment_method: { card, billing_details: { name: 'Alex Kim' } }, setup_future_usage: 'off_session' });
  });
});

describe('a declined card on file', () => {
  it("gives the payment's secret from CardDeclined, and nothing from other errors", () => {
    expect(declinedPaymentSecret({ type: 'CardDeclined', client_secret: 'pi_2_secret_y' } as { type: string })).toBe('pi_2_secret_y');
    expect(declinedPaymentSecret({ type: 'CardDeclined' })).toBeNull();
    expect(declinedPaymentSecret({ type: 'PaymentFailed', client_secret: 'pi_3_secret_z' } as { type: string })).toBeNull();
  });
});
