import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { serviceWorkerReady } from './support/app';
import { artifact, signInAs } from './support/session';
import { createVisitTeam, unique } from './support/visit-team';

/**
 * Chat between a caregiver's phone and the office (issue 22 item 6): a caregiver of Boston (390x844) writes to the
 * office from the Chat tab, the Boston nurse (1280x800, another browser) answers from /chat, each sees the other's
 * messages without a reload, the bottom bar's Chat tab counts the unread answer live, the caregiver sends a photo,
 * and a message with a photo written with the phone offline waits as "Waiting to send" (the photo "waiting to
 * upload"), survives a reload, and reaches the server exactly once, with its photo, when the phone is back online.
 * With a history longer than the phone's first page, scrolling back loads the older messages. Axe light and dark on
 * both screens; screenshots of both.
 */

interface ChatMessage {
  id: number;
  clientMessageId: string;
  body: string;
  attachments: { filename: string }[];
}

/** A 1x1 PNG: the "photo" the caregiver sends. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The messages of a conversation as the server holds them (the nurse's view). */
async function serverMessages(page: Page, token: string, conversationId: number): Promise<ChatMessage[]> {
  const { messages } = await query<{ messages: ChatMessage[] }>(page.request, token, 'chat.getMessages', {
    conversationId,
    limit: 100,
  });
  return messages;
}

/** The conversation's id from the page's ?c= parameter. */
function openConversationId(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('c'));
}

test.use({ viewport: { width: 390, height: 844 } });

test('a caregiver and a nurse chat live; a photo; a message and photo written offline are sent once on reconnect; older history', async ({
  page,
  context,
  browser,
  request,
}) => {
  const managerToken = await tokenOf(request, 'branchmanager');
  const nurseToken = await tokenOf(request, 'nurse');
  const team = await createVisitTeam(request, managerToken, {
    branch: { name: 'Boston' },
    client: { firstName: 'Agnes', lastName: unique('Pell'), line1: '12 Beacon St', home: { lat: 42.358, lon: -71.063 } },
    caregiver: { firstName: 'Lucia', lastName: unique('Ferro') },
  });

  // The caregiver opens the Chat tab of the bottom bar: no conversation yet, one office to write to.
  await signInAs(page, team.username, '/app');
  const bar = page.getByRole('navigation', { name: 'Caregiver menu' });
  await bar.getByRole('link', { name: /^Chat/ }).click();
  await expect(page).toHaveURL('/chat');
  await expect(page.getByText('No conversations yet.', { exact: false })).toBeVisible();
  await expectAccessible(page, '/chat (caregiver, no conversation)');

  await page.getByRole('button', { name: 'Write to the office' }).click();
  await expect(page).toHaveURL(/\/chat\?c=\d+$/);
  const conversationId = openConversationId(page);
  const log = page.getByRole('log', { name: 'Messages' });
  const composer = page.getByRole('textbox', { name: 'Message' });
  const hello = `Hello from ${team.username}: the client has a new cough.`;
  await composer.fill(hello);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText(hello)).toBeVisible();
  await expect(page.getByText('Waiting to send')).toHaveCount(0);

  // The nurse of the branch, in a browser of their own, opens the office conversation from the fallback link.
  const nurseContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const nurse = await nurseContext.newPage();
  await signInAs(nurse, 'nurse', `/chat?c=${conversationId}`);
  const nurseLog = nurse.getByRole('log', { name: 'Messages' });
  await expect(nurseLog.getByText(hello)).toBeVisible();

  // The caregiver goes back to the list; the nurse's answer arrives live, counted on the Chat tab.
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  const answer = `Thanks, ${team.username}. Please take her temperature.`;
  await nurse.getByRole('textbox', { name: 'Message' }).fill(answer);
  await nurse.getByRole('button', { name: 'Send' }).click();
  await expect(bar.getByRole('link', { name: /^Chat\W+1$/ })).toBeVisible();
  await expect(page.getByTestId(`phone-conversation-${conversationId}`)).toContainText(answer.slice(0, 40));
  await page.screenshot({ path: artifact('chat-phone-list.png') });
  await expectAccessible(page, '/chat (caregiver, list)');

  // Opening it reads it: the count goes.
  await page.getByTestId(`phone-conversation-${conversationId}`).click();
  await expect(log.getByText(answer)).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // A photo from the phone reaches the nurse live.
  await page.locator('input[type="file"]').setInputFiles({ name: 'thermometer.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('button', { name: 'Remove thermometer.png' })).toBeEnabled();
  await composer.fill('38.2 °C');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText('thermometer.png')).toBeVisible();
  await expect(nurseLog.getByText('thermometer.png')).toBeVisible();
  await expect(nurseLog.getByRole('button', { name: 'Download thermometer.png' })).toBeVisible();

  // Offline: the message and its photo wait on the phone (the photo's bytes in the encrypted cache), and the server has
  // not got them.
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
  const offline = `Written offline by ${team.username}: temperature down to 37.6 °C.`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'offline-wound.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('button', { name: 'Remove offline-wound.png' })).toBeEnabled();
  await composer.fill(offline);
  await page.getByRole('button', { name: 'Send' }).click();
  const waiting = page.getByTestId('outbox-message').filter({ hasText: offline });
  await expect(waiting).toContainText('Waiting to send');
  await expect(waiting.getByTestId('outbox-file')).toContainText('offline-wound.png');
  await expect(waiting.getByTestId('outbox-file')).toContainText('waiting to upload');
  await expect(composer).toHaveValue('');
  await page.screenshot({ path: artifact('chat-phone-offline-photo.png') });

  // Still offline, a reload shows the conversation and the waiting message from the phone's encrypted cache.
  await page.reload();
  await expect(page.getByText('You are offline', { exact: false })).toBeInViewport();
  await expect(log.getByText(answer)).toBeVisible();
  await expect(waiting).toContainText('Waiting to send');
  await expect(waiting.getByTestId('outbox-file')).toContainText('offline-wound.png');
  await page.screenshot({ path: artifact('chat-phone-offline.png') });
  await expectAccessible(page, '/chat (caregiver, offline, a message waiting)');
  expect((await serverMessages(nurse, nurseToken, conversationId)).some((m) => m.body === offline)).toBe(false);

  // Back online: it is sent by itself, once; the nurse sees it live.
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-message')).toHaveCount(0);
  await expect(log.getByText(offline)).toBeVisible();
  await expect(nurseLog.getByText(offline)).toBeVisible();
  await expect(nurseLog.getByText('offline-wound.png')).toHaveCount(1);
  // Another reconnect sends nothing again.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByText('You are offline', { exact: false })).toHaveCount(0);
  await page.reload();
  await expect(log.getByText(offline)).toHaveCount(1);
  const held = await serverMessages(nurse, nurseToken, conversationId);
  expect(held.filter((m) => m.body === offline)).toHaveLength(1);
  expect(held.map((m) => m.body)).toEqual([hello, answer, '38.2 °C', offline]);
  expect(held[2]!.attachments.map((a) => a.filename)).toEqual(['thermometer.png']);
  expect(held[3]!.attachments.map((a) => a.filename)).toEqual(['offline-wound.png']);

  await page.screenshot({ path: artifact('chat-phone-conversation.png') });
  await expectAccessible(page, '/chat (caregiver, conversation)');
  await expect(nurseLog.getByText(offline)).toBeVisible();
  await nurse.screenshot({ path: artifact('chat-nurse-with-caregiver.png') });
  await expectAccessible(nurse, '/chat (nurse, the caregiver conversation)');

  // A history longer than the phone's first page (50): the first message is not shown until the caregiver scrolls
  // back, which loads the page before.
  for (let i = 1; i <= 50; i++) {
    await mutation(nurse.request, nurseToken, 'chat.sendMessage', {
      conversationId,
      clientMessageId: crypto.randomUUID(),
      body: `Rota note ${i}`,
    });
  }
  await page.reload();
  await expect(log.getByText('Rota note 50', { exact: true })).toBeVisible();
  await expect(log.getByText(hello)).toHaveCount(0);
  await page.mouse.wheel(0, -100_000);
  await expect(log.getByText(hello)).toBeVisible();
  await expect(log.getByText('Rota note 50', { exact: true })).toHaveCount(1);
  await nurseContext.close();
});
