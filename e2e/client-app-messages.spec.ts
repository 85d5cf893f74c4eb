import { appUrl, expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { artifact, signInAs } from './support/session';
import { lastSignInLinkTo } from './support/mailbox';

/**
 * The client app's messages, account and the office's contact permissions (issue "client and family app" items 4
 * and 6): the office gives a son portal access with the messages permission and sends him a sign-in link; on his
 * phone (390x844) he writes to the office; a branch manager answers in /chat (1280x800), where the conversation is
 * named by the client; the son sees the answer without a reload. He sets a password on the account page and signs
 * in with it. The office then takes the messages permission away on the client's contacts, and his app no longer
 * offers messages. Screenshots at 390x844 and 1280x800.
 */

test('a family member messages the office, the office answers in /chat, and the office sets what he may do', async ({
  browser,
  request,
}) => {
  const admin = await tokenOf(request, 'companyadmin');
  const boston = await query<{ rows: { id: number; firstName: string; lastName: string }[] }>(request, admin, 'queryView', {
    view: 'clients',
    filters: [
      { column: 'status', operator: 'equals', value: 'active' },
      { column: 'branchName', operator: 'equals', value: 'Boston' },
    ],
    pageSize: 1,
  });
  const mother = boston.rows[0]!;
  const clientName = `${mother.firstName} ${mother.lastName}`;
  const lastName = `Reyes${Date.now().toString(36).slice(-4)}`;
  const email = `tomas.${lastName.toLowerCase()}@family.example`;
  const contact = await mutation<{ id: number }>(request, admin, 'createClientContact', {
    clientId: mother.id,
    firstName: 'Tomas',
    lastName,
    relationship: 'Son',
    email,
    hasPortalAccess: true,
    portalSchedule: true,
    portalMessages: true,
  });
  await mutation(request, admin, 'sendClientContactLoginLink', { contactId: contact.id });

  // The son, on his phone, from the link.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: appUrl() });
  const family = await phone.newPage();
  await family.goto(lastSignInLinkTo(email));
  await expect(family).toHaveURL(/\/client-mobile-app$/);
  await family.getByRole('link', { name: 'Messages' }).click();
  await expect(family.getByRole('heading', { name: 'Messages', level: 2 })).toBeVisible();
  await expect(family.getByText('No messages yet. Write your first message below.')).toBeVisible();
  await expect(family.getByText(/Write to the Boston office about/)).toBeVisible();
  await family
    .getByRole('textbox', { name: 'Message' })
    .fill('Mum has a doctor visit on Friday at 10. Can the visit start later?');
  await family.getByRole('button', { name: 'Send' }).click();
  await expect(family.getByText('Mum has a doctor visit on Friday at 10.', { exact: false })).toBeVisible();

  // The office, at its desk, finds the conversation named by the client and answers.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl() });
  const office = await desk.newPage();
  await signInAs(office, 'branchmanager', '/chat');
  const row = office
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`${clientName} · Tomas ${lastName}`) });
  await row.click();
  // The messages themselves, not the list's preview of the newest one.
  const messages = office.getByTestId(/^message-\d+$/);
  await expect(messages.getByText('Mum has a doctor visit on Friday at 10.', { exact: false })).toBeVisible();
  await office.getByRole('textbox', { name: 'Message' }).fill('Of course: we will start the visit at 1 pm on Friday.');
  await office.getByRole('button', { name: 'Send' }).click();
  await expect(office.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(messages.getByText('Of course: we will start the visit at 1 pm on Friday.')).toBeVisible();
  await office.screenshot({ path: artifact('client-app-messages-office-1280.png') });

  // The son sees the answer arrive, without a reload.
  await expect(family.getByText('Of course: we will start the visit at 1 pm on Friday.')).toBeVisible();
  await family.screenshot({ path: artifact('client-app-messages-390.png') });
  await expectAccessible(family, 'client app messages');
  await family.setViewportSize({ width: 1280, height: 800 });
  await family.screenshot({ path: artifact('client-app-messages-1280.png') });
  await family.setViewportSize({ width: 390, height: 844 });

  // His own sign-in: he came by link, so he sets a first password, then signs in with it.
  await family.getByRole('link', { name: 'More' }).click();
  await family.getByRole('link', { name: /^Account/ }).click();
  await expect(family.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await expect(family.getByText('Two-step verification (optional)')).toBeVisible();
  await family.screenshot({ path: artifact('client-app-account-390.png') });
  await expectAccessible(family, 'client app account');
  await family.setViewportSize({ width: 1280, height: 800 });
  await family.screenshot({ path: artifact('client-app-account-1280.png') });
  await family.setViewportSize({ width: 390, height: 844 });
  const signInLine = await family.getByText(/^Sign in with /).textContent();
  const username = /^Sign in with (\S+) or/.exec(signInLine ?? '')![1]!;
  await family.getByLabel('New password', { exact: true }).fill('Sunny-Porch-27');
  await family.getByLabel('New password again').fill('Sunny-Porch-27');
  await family.getByRole('button', { name: 'Set password' }).click();
  await expect(family.getByText('Your password is set')).toBeVisible();
  await expect(family.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  expect(await tokenOf(request, username, 'Sunny-Porch-27')).toBeTruthy();

  // The office takes the messages permission away on the client's contacts while his messages are open.
  await family.goto('/client-mobile-app/messages');
  await expect(family.getByText('Of course: we will start the visit at 1 pm on Friday.')).toBeVisible();
  await office.goto(`/clients/${mother.id}/profile`);
  const contacts = office.getByRole('region', { name: 'Contacts' });
  await expect(contacts).toContainText(`Tomas ${lastName}`);
  await expect(contacts.getByRole('row', { name: new RegExp(`Tomas ${lastName}`) })).toContainText(
    'See the schedule, Message the office',
  );
  await contacts.getByRole('button', { name: `Edit contact Tomas ${lastName}` }).click();
  const dialog = office.getByRole('dialog', { name: 'Edit contact' });
  await expect(dialog.getByText('What this contact may do in the client app')).toBeVisible();
  await expect(dialog.getByLabel('Message the office')).toBeChecked();
  await dialog.getByLabel('Message the office').uncheck();
  await dialog.getByLabel('See care notes').check();
  await dialog.screenshot({ path: artifact('client-contacts-permissions-1280.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(contacts.getByRole('row', { name: new RegExp(`Tomas ${lastName}`) })).toContainText(
    'See the schedule, See care notes',
  );

  // His app follows at once, without a reload: no Messages tab any more, and the page says he has no access to it.
  await expect(family.getByText(`You do not have access to this page for ${mother.firstName}.`)).toBeVisible();
  await expect(family.getByText('Of course: we will start the visit at 1 pm on Friday.')).toBeHidden();
  await expect(family.getByRole('link', { name: 'Messages' })).toHaveCount(0);
  await family.screenshot({ path: artifact('client-app-messages-removed-390.png') });

  await phone.close();
  await desk.close();
});
