import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { latestMessage, newestOutboxId, requestLinkFromHome } from './outbox.ts';

test('a customer signs in with an emailed link from the outbox and sees Your Classes at home', async ({ page, request }) => {
  const before = await newestOutboxId(request);
  await requestLinkFromHome(page, 'Alex@Example.com');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const email = await latestMessage(request, 'alex@example.com', 'email', before);
  await page.goto('/dev/outbox');
  await page.locator(`a[href="${email.link}"]`).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming Sessions');

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Your Classes' })).toHaveAttribute('href', '/student/dashboard');
  await page.getByRole('link', { name: 'Your Classes' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);

  // The same link a second time is spent.
  await page.goto(email.link!);
  await expect(page.getByRole('alert').locator('p').first()).toHaveText('Your token has expired');
  await expect(page.getByRole('alert')).toContainText('This link was used already');
});

test('a used link shows the error, and Resend Link sends a new one', async ({ page, request }) => {
  const before = await newestOutboxId(request);
  await requestLinkFromHome(page, 'jordan@beacontutoring.com');
  const email = await latestMessage(request, 'jordan@beacontutoring.com', 'email', before);
  // Spend it from another browser session.
  const spent = await request.get(`/api/login?token=${new URL(email.link!).searchParams.get('token')}`);
  expect((await spent.json()).status).toBe('success');

  await page.goto(email.link!);
  // After the failure the title no longer says it is logging in.
  await expect(page.getByRole('dialog', { name: "We couldn't log you in" })).toBeVisible();
  await expect(page.getByRole('alert').locator('p').first()).toHaveText('Your token has expired');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Resend Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a magic log-in link' });
  await dialog.getByLabel('Email Address').pressSequentially('jordan@beacontutoring.com');
  await dialog.getByLabel('Email Address').press('Enter');
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible();
  const resent = await latestMessage(request, 'jordan@beacontutoring.com', 'email', email.id);
  expect(resent.link).not.toBe(email.link);
});

test('a tutor with a staff address lands in the tutor dashboard, and logs out', async ({ page, request }) => {
  const before = await newestOutboxId(request);
  await requestLinkFromHome(page, 'maya@beacontutoring.com');
  const email = await latestMessage(request, 'maya@beacontutoring.com', 'email', before);
  await page.goto(email.link!);
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Tutor Dashboard' })).toHaveAttribute('href', '/tutors/myself/dashboard');
  await page.getByRole('link', { name: 'Tutor Dashboard' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('an unknown address is told so inline, and Send Link waits for a valid address', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const field = page.getByLabel('Email Address');
  const send = page.getByRole('button', { name: 'Send Link' });
  await field.fill('nobody@example');
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await field.fill('nobody@example.com');
  await expect(send).not.toHaveAttribute('aria-disabled');
  await send.click();
  await expect(page.getByRole('alert')).toHaveText("We can't find your account");
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login' })).toBeFocused();
});

for (const path of ['/terms', '/placement']) {
  test(`${path} is static: no JavaScript, no serious accessibility issue`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    expect((await page.goto(path))?.status()).toBe(200);
    expect(scripts).toEqual([]);
    await expectAccessible(page);
  });
}

test('the terms spell out the guarantee, cancellations and card authorisations', async ({ page }) => {
  await page.goto('/terms');
  const text = await page.locator('main').innerText();
  for (const phrase of ['within 7 days', '12 one-hour, one-on-one sessions', '40 minutes', '30 sessions', 'two weeks after your final exam', '12 hours', '15 minutes late', '10% penalty', 'Weekly sessions', 'One-time sessions', 'Overtime']) {
    expect(text).toContain(phrase);
  }
  // Words around a configured name or an emphasis keep their spaces.
  expect(text).toContain('in your Beacon Tutoring gradebook');
  expect(text).toContain('carries a 10% penalty');
});

test('the placement page shows the billboard, schedule, prices and guarantee, without an ended discount or an unset payment link', async ({ page }) => {
  await page.goto('/placement');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('55 to 75');
  await expect(page.locator('table').first().locator('tbody tr')).toHaveCount(7);
  // The demo's configuration: the early-bird discount ended on December 14, 2023, and no payment
  // page is set (src/lib/placement.ts decides both; tests/unit/lib/placement.test.ts covers the rest).
  const prices = await page.locator('table.price').innerText();
  expect(prices).toContain('$600');
  expect(prices).not.toContain('$150');
  expect(prices).not.toContain('Early-bird');
  await expect(page.getByText(/at least 20 points; otherwise at least 10 points/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book your spot' })).toHaveCount(0);
  await expect(page.getByText('To book your spot, or with any question, text or call')).toBeVisible();
  await expect(page.getByRole('link', { name: /\(206\) 555-0142/ }).last()).toHaveAttribute('href', 'tel:+12065550142');
});

test('the login page has no serious accessibility issue, and one h1 above its dialog', async ({ page }) => {
  await page.goto('/login?token=not-a-real-token-at-all-but-long');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Beacon Tutoring');
});
