import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: number;
}

/** The newest message to this address, once it has arrived (the demo outbox, newest first). */
export async function latestMessage(request: APIRequestContext, to: string, channel: 'email' | 'sms', after = 0): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
      found = messages.find((m) => m.to === to && m.channel === channel && m.id > after);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function newestOutboxId(request: APIRequestContext): Promise<number> {
  const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
  return messages[0]?.id ?? 0;
}

/** Opens the home page's Login dialog and asks for a link to this address. */
export async function requestLinkFromHome(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a magic log-in link' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible();
}
