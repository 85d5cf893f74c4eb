import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, mainMenu, signInAs } from './support/session';
import { createVisitTeam, unique } from './support/visit-team';

/**
 * The staff side of chat (issue 22 item 6): a branch manager starts a conversation with a nurse of their branch from
 * /chat, the nurse's menu counts it live, the nurse opens it from the fallback link (?c=) and answers, the manager
 * sees the answer, an attachment and the read receipt without a reload, edits and deletes their own message, and
 * broadcasts to the branch's caregivers, whose read count the Broadcasts tab shows. Axe light and dark; screenshots
 * at 1280x800.
 */

interface Conversation {
  id: number;
  title: string;
}

interface Broadcast {
  id: number;
  recipientCount: number;
  readCount: number;
}

/** The Chat link of the staff menu, whatever its unread wording. */
function chatMenuItem(page: Page) {
  return mainMenu(page).getByRole('link', { name: /^Chat/ });
}

test('staff write to each other live at /chat, with unread counts, receipts, edits and a broadcast', async ({
  browser,
  page,
  request,
}) => {
  const nurseToken = await tokenOf(request, 'nurse');
  const managerToken = await tokenOf(request, 'branchmanager');
  const before = await query<{ count: number }>(request, nurseToken, 'getChatUnreadCount');
  const managerBefore = await query<{ count: number }>(request, managerToken, 'getChatUnreadCount');
  const nurseUser = await query<{ firstName: string; lastName: string }>(request, nurseToken, 'getCurrentUser');

  await signInAs(page, 'branchmanager', '/chat');
  await expect(page.getByRole('heading', { name: 'Chat', level: 2 })).toBeVisible();
  await expect(chatMenuItem(page)).toHaveAttribute('aria-current', 'page');

  // The nurse, in a browser of their own, watches their menu.
  const nurseContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const nurse = await nurseContext.newPage();
  await signInAs(nurse, 'nurse', '/');
  await expect(chatMenuItem(nurse)).toBeVisible();

  // The manager starts a direct conversation with the nurse through the New conversation dialog.
  await page.getByRole('button', { name: 'New conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByRole('textbox', { name: 'Person' }).fill(nurseUser.lastName);
  await page.getByRole('option', { name: new RegExp(`${nurseUser.firstName} ${nurseUser.lastName}`) }).click();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat\?c=\d+$/);
  const conversationId = Number(new URL(page.url()).searchParams.get('c'));

  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Can you look in on Mrs. Lee this afternoon?');
  await composer.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Can you look in on Mrs. Lee this afternoon?');
  await expect(composer).toHaveValue('');

  // The nurse's menu counts it live: no reload.
  await expect(nurse.getByTestId('chat-unread-badge')).toHaveText(String(before.count + 1));
  await expect(chatMenuItem(nurse)).toHaveAccessibleName(/unread message/);

  // The fallback link opens the conversation; reading it puts the count back.
  await nurse.goto(`/chat?c=${conversationId}`);
  const nurseLog = nurse.getByRole('log', { name: 'Messages' });
  await expect(nurseLog).toContainText('Can you look in on Mrs. Lee this afternoon?');
  await expect
    .poll(async () => (await query<{ count: number }>(request, nurseToken, 'getChatUnreadCount')).count)
    .toBe(before.count);
  if (before.count === 0) await expect(nurse.getByTestId('chat-unread-badge')).toHaveCount(0);

  // The manager sees that it was read, and the nurse's answer, live.
  await expect(log).toContainText(/Read by/);
  const nurseComposer = nurse.getByRole('textbox', { name: 'Message' });
  await nurseComposer.fill('Yes, at 3 PM.');
  await nurse.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('Yes, at 3 PM.');
  // Read as it arrives in the open conversation: the manager's count does not grow.
  await expect
    .poll(async () => (await query<{ count: number }>(request, managerToken, 'getChatUnreadCount')).count)
    .toBe(managerBefore.count);

  // The nurse (chatUploadAttachmentEnabled) attaches a note: it is uploaded at once and sent with the message. The
  // manager's role has no download right, so the name shows without a Download button; the nurse's opens the bytes.
  await nurse.locator('input[type="file"]').setInputFiles({
    name: 'lift-note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('The lift in the bathroom is broken.'),
  });
  await expect(nurse.getByRole('button', { name: 'Remove lift-note.txt' })).toBeEnabled();
  await nurseComposer.fill('Photo of the lift to follow; here is my note.');
  await nurseComposer.press('Enter');
  await expect(log).toContainText('lift-note.txt');
  await expect(log.getByRole('button', { name: 'Download lift-note.txt' })).toHaveCount(0);
  // The signed link opens in a new tab (a download); its bytes are fetched again here to check them.
  const [link] = await Promise.all([
    nurseContext.waitForEvent('request', (request) => request.url().includes('/api/storage/')),
    nurseLog.getByRole('button', { name: 'Download lift-note.txt' }).click(),
  ]);
  const bytes = await nurse.request.get(link.url());
  expect(await bytes.text()).toBe('The lift in the bathroom is broken.');
  for (const other of nurseContext.pages()) if (other !== nurse) await other.close();

  // The manager edits, then deletes, a message of their own within the edit window; the nurse sees both live.
  await composer.fill('Bring the new care plan.');
  await composer.press('Enter');
  const own = log.locator('[data-testid^="message-"]').filter({ hasText: 'Bring the new care plan.' });
  await own.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit the message' }).fill('Bring the new care plan, please.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(nurseLog).toContainText('Bring the new care plan, please.');
  await expect(nurseLog).toContainText('edited');

  await page.mouse.move(1000, 60);
  await page.screenshot({ path: artifact('chat-staff.png') });
  await expectAccessible(page, '/chat (conversation open)');
  await expectAccessible(nurse, '/chat (nurse)', { schemes: ['dark'] });
  await nurse.screenshot({ path: artifact('chat-staff-nurse.png') });

  await log
    .locator('[data-testid^="message-"]')
    .filter({ hasText: 'Bring the new care plan, please.' })
    .getByRole('button', { name: 'Message actions' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(nurseLog).toContainText('Message deleted');
  await expect(nurseLog).not.toContainText('Bring the new care plan, please.');

  // The list shows the conversation with the last message; search narrows it.
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByTestId(`conversation-${conversationId}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search conversations' }).fill('zzzz-nobody');
  await expect(page.getByText('No conversations match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search conversations' }).fill('');

  // A broadcast to the Boston caregivers, with its read count on the Broadcasts tab.
  await page.getByRole('button', { name: 'Broadcast' }).click();
  const broadcastDialog = page.getByRole('dialog', { name: 'Broadcast to caregivers' });
  await broadcastDialog.getByRole('textbox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Boston' }).click();
  await broadcastDialog.getByRole('textbox', { name: 'Message' }).fill('Snow tomorrow: call the office before driving.');
  await broadcastDialog.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(broadcastDialog).toBeHidden();
  await page.getByRole('tab', { name: 'Broadcasts' }).click();
  const broadcasts = await query<{ rows: Broadcast[] }>(request, managerToken, 'chat.getBroadcasts', { page: 1, pageSize: 5 });
  const sent = broadcasts.rows[0]!;
  const card = page.getByTestId(`broadcast-${sent.id}`);
  await expect(card).toContainText('Snow tomorrow: call the office before driving.');
  await expect(card).toContainText(`Read by ${sent.readCount} of ${sent.recipientCount}`);
  await page.mouse.move(1000, 60);
  await page.screenshot({ path: artifact('chat-staff-broadcasts.png') });
  await expectAccessible(page, '/chat (broadcasts)');

  // A resend of the same message (same clientMessageId) answers the stored one: never doubled.
  const clientMessageId = randomUUID();
  const first = await mutation<{ id: number }>(request, managerToken, 'chat.sendMessage', {
    conversationId,
    clientMessageId,
    body: 'Once.',
  });
  const again = await mutation<{ id: number }>(request, managerToken, 'chat.sendMessage', {
    conversationId,
    clientMessageId,
    body: 'Once.',
  });
  expect(again.id).toBe(first.id);
  await expect(nurseLog.getByText('Once.', { exact: true })).toHaveCount(1);

  const conversations = await query<{ rows: Conversation[] }>(request, nurseToken, 'chat.listConversations', {
    page: 1,
    pageSize: 30,
  });
  expect(conversations.rows.some((c) => c.id === conversationId)).toBe(true);

  // A conversation about a client is listed on the client's profile, linking to it in /chat.
  const [client] = await query<{ value: string; label: string }[]>(request, managerToken, 'queryOptionsView', {
    view: 'clients',
    value: 'a',
  });
  const nurseId = (await query<{ id: number }>(request, nurseToken, 'getCurrentUser')).id;
  const about = await mutation<Conversation>(request, managerToken, 'chat.startConversation', {
    kind: 'group',
    title: 'Care team',
    userIds: [nurseId],
    clientId: Number(client!.value),
  });
  await mutation(request, managerToken, 'chat.sendMessage', {
    conversationId: about.id,
    clientMessageId: randomUUID(),
    body: 'New care plan is in.',
  });
  await nurse.goto(`/clients/${client!.value}/profile`);
  const section = nurse.getByRole('region', { name: 'Chat about this client' });
  await section.scrollIntoViewIfNeeded();
  await nurse.screenshot({ path: artifact('chat-about-client.png') });
  await section.getByRole('link', { name: 'Care team' }).click();
  await expect(nurse).toHaveURL(new RegExp(`/chat\\?c=${about.id}$`));
  await expect(nurseLog).toContainText('New care plan is in.');
  await nurseContext.close();
});

/**
 * Issue 22 items 1 and 4 from a visit: the visit's drawer on the client's schedule offers the manager to message the
 * caregiver about the visit, the caregiver sends a document there, the manager copies it into the caregiver's files
 * (chatCopyAttachmentsEnabled), and the drawer then lists the conversation, whose link opens it.
 */
test("a visit's drawer lists the chat about it; an attachment is copied to the caregiver's files", async ({ page, request }) => {
  const managerToken = await tokenOf(request, 'branchmanager');
  const lastName = unique('Vale');
  const team = await createVisitTeam(request, managerToken, {
    branch: { name: 'Boston' },
    client: { firstName: 'Ida', lastName: unique('Marsh'), line1: '3 Joy St', home: { lat: 42.358, lon: -71.064 } },
    caregiver: { firstName: 'Rosa', lastName },
  });
  // Today in the branch's zone: the calendar opens on the current week.
  const today = DateTime.now().setZone('America/New_York').startOf('day');
  const visit = await team.book(today.set({ hour: 10 }), today.set({ hour: 11 }));

  await signInAs(page, 'branchmanager', `/clients/${team.clientId}/schedule`);
  const drawer = page.getByRole('dialog', { name: 'Shift', exact: true });
  const aboutVisit = drawer.getByRole('region', { name: 'Chat about this visit' });
  await page.locator('[data-testid="shift-event"]').click();
  await expect(aboutVisit).toContainText('No conversations about this visit yet.');
  await aboutVisit.getByRole('button', { name: `Message Rosa ${lastName}` }).click();
  await expect(page).toHaveURL(/\/chat\?c=\d+$/);
  const conversationId = Number(new URL(page.url()).searchParams.get('c'));
  const detail = await query<{ about: { shiftId: number; clientId: number } }>(request, managerToken, 'chat.getConversation', {
    conversationId,
  });
  expect(detail.about).toMatchObject({ shiftId: visit.id, clientId: team.clientId });

  // The caregiver sends a document in it (create, PUT the bytes, send), as the phone does.
  const carerToken = await tokenOf(request, team.username);
  const bytes = Buffer.from('Care plan, signed by the client.');
  const created = await mutation<{ id: number; url: string }>(request, carerToken, 'chat.createAttachment', {
    conversationId,
    file: { filename: 'care-plan-signed.txt', size: bytes.length, contentType: 'text/plain' },
  });
  const put = await request.put(created.url, { data: bytes, headers: { 'content-type': 'text/plain' } });
  expect(put.ok()).toBe(true);
  await mutation(request, carerToken, 'chat.sendMessage', {
    conversationId,
    clientMessageId: randomUUID(),
    body: 'The signed care plan.',
    attachmentIds: [created.id],
  });
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('care-plan-signed.txt');

  // The manager copies it into the caregiver's files: announced, and listed there.
  await log.getByRole('button', { name: `Copy care-plan-signed.txt to the files of Rosa ${lastName}` }).click();
  await expect(page.getByText(`care-plan-signed.txt was copied to the files of Rosa ${lastName}.`)).toBeVisible();
  const files = await query<{ filename: string; size: number }[]>(request, managerToken, 'getCaregiverFiles', {
    caregiverId: team.caregiverId,
  });
  expect(files).toContainEqual(expect.objectContaining({ filename: 'care-plan-signed.txt', size: bytes.length }));

  // Back on the schedule, the visit's drawer lists the conversation with its last message; its link opens it.
  await page.goto(`/clients/${team.clientId}/schedule`);
  await page.locator('[data-testid="shift-event"]').click();
  const link = aboutVisit.getByRole('link', { name: new RegExp(lastName) });
  await expect(link).toBeVisible();
  await expect(aboutVisit).toContainText('The signed care plan.');
  await aboutVisit.scrollIntoViewIfNeeded();
  await page.mouse.move(10, 790);
  await page.screenshot({ path: artifact('chat-about-visit.png') });
  await expectAccessible(page, 'shift drawer (chat about the visit)');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?c=${conversationId}$`));
  await expect(log).toContainText('The signed care plan.');
});

/**
 * Messages of the long conversation, and how many are sent per batched request while seeding it. The suite seeds
 * 1,000 (enough to prove the list virtualized); CHAT_LONG_HISTORY=10000 gives issue 22's open-time figure, which
 * takes minutes to seed.
 */
const LONG_HISTORY = Number(process.env.CHAT_LONG_HISTORY ?? 1_000);
const SEED_BATCH = 100;

test('a long conversation opens at 4x CPU slowdown (time recorded) and scrolls back virtualized', async ({ page, request }) => {
  test.setTimeout(600_000);
  const managerToken = await tokenOf(request, 'branchmanager');
  const nurseToken = await tokenOf(request, 'nurse');
  const nurseId = (await query<{ id: number }>(request, nurseToken, 'getCurrentUser')).id;
  const long = await mutation<Conversation>(request, managerToken, 'chat.startConversation', {
    kind: 'group',
    title: 'Long history',
    userIds: [nurseId],
  });
  // Seeded through tRPC's batching: one request carries SEED_BATCH sends.
  for (let sent = 0; sent < LONG_HISTORY; sent += SEED_BATCH) {
    const inputs = Object.fromEntries(
      Array.from({ length: SEED_BATCH }, (_, i) => [
        String(i),
        { conversationId: long.id, clientMessageId: randomUUID(), body: `Message ${sent + i + 1} of the long history` },
      ]),
    );
    const path = Array.from({ length: SEED_BATCH }, () => 'chat.sendMessage').join(',');
    const response = await request.post(`/api/trpc/${path}?batch=1`, {
      data: inputs,
      headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await signInAs(page, 'nurse', '/chat');
  await expect(page.getByRole('heading', { name: 'Chat', level: 2 })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  const answered = page
    .waitForResponse((response) => response.url().includes('chat.getMessages'))
    .then(() => Date.now() - started);
  await page.getByTestId(`conversation-${long.id}`).click();
  const clickedMs = Date.now() - started;
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(`Message ${LONG_HISTORY} of the long history`)).toBeVisible();
  const openMs = Date.now() - started;
  console.log(
    `chat: a ${LONG_HISTORY}-message conversation opened in ${openMs} ms at 4x CPU slowdown (click ${clickedMs} ms, messages answered ${await answered} ms)`,
  );
  // Issue 22's target (under a second at 4x) is measured by `npm run bench:chat-open` beside a short conversation; the
  // flow records its time (annotation "chat open") rather than asserting a speed.
  test.info().annotations.push({ type: 'chat open', description: `${openMs} ms at 4x CPU` });

  // Scrolling back fetches older pages (50 each); the page holds only the rows in view and a few around them.
  const oldestShown = () =>
    log.evaluate((element) => {
      element.scrollTop = 0;
      const numbers = Array.from(element.querySelectorAll('[data-index]')).map((row) =>
        Number(/Message (\d+) of/.exec(row.textContent ?? '')?.[1]),
      );
      return Math.min(...numbers.filter((n) => n > 0));
    });
  await expect.poll(oldestShown, { timeout: 60_000 }).toBeLessThanOrEqual(LONG_HISTORY - 200);
  expect(await log.locator('[data-index]').count()).toBeLessThan(60);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
