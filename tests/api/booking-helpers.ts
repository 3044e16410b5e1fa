import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { call, type TestClient, type TestContext } from './harness.ts';

let serial = 0;

/** A new customer (straight in the database) with a signed-in client. */
export async function newCustomer(ctx: TestContext, card = false): Promise<{ client: TestClient; id: number }> {
  serial += 1;
  const n = String(serial).padStart(7, '0');
  const row = await ctx.database.db
    .insertInto('customers')
    .values({
      firstname: `Test${serial}`,
      lastname: 'Student',
      email: `student${n}@example.com`,
      phone: `206${n}`,
      provider_customer_id: null,
      payment_method_id: card ? 'pm_offline_saved' : null,
      payment_method_label: card ? 'Visa ending in 4242' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = ctx.client();
  client.cookies.set('sid', await startSignIn(ctx.database.db, { customerId: row.id }));
  return { client, id: row.id };
}

export async function courseId(ctx: TestContext, number: string): Promise<number> {
  return (await ctx.database.db.selectFrom('courses').select('id').where('course_number', '=', number).executeTakeFirstOrThrow()).id;
}

export function form(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, String(value));
  return data;
}

export async function post(client: TestClient, path: string, fields: Record<string, string | number>) {
  return call(client, path, { method: 'POST', body: form(fields) });
}

export async function confirmOffline(client: TestClient, clientSecret: string, cardNumber?: string) {
  return post(client, '/api/offline-payments/confirm', cardNumber ? { client_secret: clientSecret, card_number: cardNumber } : { client_secret: clientSecret });
}
