import { expectAccessible } from './axe.ts';
import { bookFirst, chooseAndList } from './booking-steps.ts';
import { latestMessage, newestOutboxId, signInThroughOutbox } from './outbox.ts';
import { expect, test } from './suite-clock.ts';

/**
 * Login CSRF (issue 33): a hostile page sends a signed-in browser to the attacker's own login link.
 * The browser stays in its own account until its person chooses; a card typed while signed in
 * names the account that keeps it.
 */

/** The demo's other customer: the account the link is for (a journey makes no account: new ones are rate-limited per address). */
const OTHER = 'jamie@example.com';

test("a login link of another account opened while signed in asks first: 'Stay' keeps the sign-in, 'Continue as' switches", async ({ page, playwright, baseURL }) => {
  // A login link for another account, as an attacker would ask one for their own.
  const api = await playwright.request.newContext({ baseURL });
  const before = await newestOutboxId(api);
  expect((await (await api.post(`/api/login?user_type=customer&email=${OTHER}`)).json()).status).toBe('success');
  const link = (await latestMessage(api, OTHER, 'email', before)).link!;
  await api.dispose();

  await signInThroughOutbox(page, 'alex@example.com');
  const whoAmI = async () => ((await (await page.request.get('/api/customers/myself')).json()).data as { email: string }).email;

  // The hostile page's navigation: the question, naming both accounts, and nothing changed.
  await page.goto(link);
  const question = page.getByRole('dialog', { name: "You're signed in to another account" });
  await expect(question).toContainText(`This browser is signed in as alex@example.com. The login link you opened is for ${OTHER}.`);
  await expectAccessible(page);
  expect(await whoAmI()).toBe('alex@example.com');
  await question.getByRole('button', { name: 'Stay signed in as alex@example.com' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  expect(await whoAmI()).toBe('alex@example.com');

  // The link was kept: the person who wants it continues with a click.
  await page.goto(link);
  await page.getByRole('button', { name: `Continue as ${OTHER}` }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  expect(await whoAmI()).toBe(OTHER);
});

test('a card typed while signed in says which account keeps it', async ({ page }) => {
  await signInThroughOutbox(page, OTHER);
  await chooseAndList(page, { course: 'CS 122', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await bookFirst(page);
  await expect(page.getByText('Booking as Jamie Park')).toBeVisible();
  await expect(page.getByText(`Saved to the account of ${OTHER}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Card' })).toHaveAccessibleDescription(`Saved to the account of ${OTHER}`);
});
