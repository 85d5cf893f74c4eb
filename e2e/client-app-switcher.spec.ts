import { appUrl, expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { lastSignInLinkTo } from './support/mailbox';
import { artifact } from './support/session';

/**
 * A trusted contact of two clients (issue "client and family app" item 7): one sign-in reaches both, a switcher
 * chooses whose care is shown, the tabs follow that client's permissions, and the choice is remembered on the
 * device. Screenshots at 390x844 and 1280x800.
 */
test('a daughter who is the contact of her mother and her father switches between them', async ({ browser, request }) => {
  const manager = await tokenOf(request, 'branchmanager');
  const boston = (await query<{ id: number; name: string }[]>(request, manager, 'getBranches')).find((b) => b.name === 'Boston')!;
  const lastName = `Okafor${Date.now().toString(36).slice(-5)}`;
  const mother = await mutation<{ id: number }>(request, manager, 'createClient', {
    branchId: boston.id,
    firstName: 'Adaeze',
    lastName,
  });
  const father = await mutation<{ id: number }>(request, manager, 'createClient', {
    branchId: boston.id,
    firstName: 'Chidi',
    lastName,
  });
  const email = `ngozi.${lastName.toLowerCase()}@family.example`;
  const contactOf = (clientId: number, permissions: Record<string, boolean>) =>
    mutation<{ id: number }>(request, manager, 'createClientContact', {
      clientId,
      firstName: 'Ngozi',
      lastName,
      relationship: 'Daughter',
      email,
      hasPortalAccess: true,
      ...permissions,
    });
  // Everything for her mother; only the schedule for her father.
  const forMother = await contactOf(mother.id, {
    portalSchedule: true,
    portalCareNotes: true,
    portalMessages: true,
    portalAlerts: true,
    portalStatements: true,
  });
  const forFather = await contactOf(father.id, {
    portalSchedule: true,
    portalCareNotes: false,
    portalMessages: false,
    portalAlerts: false,
    portalStatements: false,
  });
  const first = await mutation<{ userId: number }>(request, manager, 'sendClientContactLoginLink', { contactId: forMother.id });
  const second = await mutation<{ userId: number }>(request, manager, 'sendClientContactLoginLink', { contactId: forFather.id });
  // One person, one sign-in, for both contact records.
  expect(second.userId).toBe(first.userId);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: appUrl() });
  const page = await context.newPage();
  await page.goto(lastSignInLinkTo(email));
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  const switcher = page.getByRole('textbox', { name: 'Whose care' });
  const tabs = page.getByRole('navigation', { name: 'Client app' });
  await expect(switcher).toHaveValue(`Adaeze ${lastName}`);
  await expect(tabs.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expectAccessible(page, 'client app switcher');

  // Her father's care: the schedule only, so no Messages tab, and More holds only her account.
  await switcher.click();
  await page.getByRole('option', { name: `Chidi ${lastName}` }).click();
  await expect(switcher).toHaveValue(`Chidi ${lastName}`);
  await expect(tabs.getByRole('link', { name: 'Messages' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Visits' })).toBeVisible();
  await tabs.getByRole('link', { name: 'More' }).click();
  await expect(page.getByRole('link', { name: /^Account/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Statements/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Care plan/ })).toHaveCount(0);
  await page.screenshot({ path: artifact('client-app-switcher-390.png') });
  // A page her permissions do not open says so rather than showing anything.
  await page.goto('/client-mobile-app/statements');
  await expect(page.getByText('You do not have access to this page for Chidi.')).toBeVisible();

  // The choice is remembered on this device after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Whose care' })).toHaveValue(`Chidi ${lastName}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/client-mobile-app/more');
  await expect(page.getByRole('textbox', { name: 'Whose care' })).toHaveValue(`Chidi ${lastName}`);
  await page.screenshot({ path: artifact('client-app-switcher-1280.png') });
  await context.close();
});
