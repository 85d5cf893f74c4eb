import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { pick } from './support/ui';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** A name no earlier run has used. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** A profile section (a card titled by its heading). */
function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** Creates a person from the list page's "New ..." dialog and lands on their profile. */
async function createPerson(page: Page, kind: 'client' | 'caregiver', firstName: string, lastName: string) {
  await signInAs(page, 'companyadmin', kind === 'client' ? '/clients' : '/caregivers');
  await page.getByRole('button', { name: `New ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `New ${kind}` });
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill(lastName);
  await pick(page, dialog, 'Branch', 'Boston');
  await dialog.getByRole('button', { name: `Create ${kind}` }).click();
  await expect(page.getByRole('heading', { name: `${firstName} ${lastName}`, level: 2 })).toBeVisible();
}

/**
 * The address and journal sections clients and caregivers share: two addresses with the primary mark moving
 * between them, a journal entry added, edited and deleted, on each kind of profile.
 */
for (const kind of ['client', 'caregiver'] as const) {
  test(`${kind} profile: addresses keep one primary, journal entries are added, edited and deleted`, async ({ page }) => {
    await createPerson(page, kind, kind === 'client' ? 'Ruth' : 'Amara', unique(kind === 'client' ? 'Hale' : 'Mensah'));

    const addresses = section(page, 'Addresses');
    for (const [street, primary] of [
      ['12 Elm Street', false],
      ['40 Beacon Street', true],
    ] as const) {
      await addresses.getByRole('button', { name: 'Add address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add address' });
      await dialog.getByLabel('Street address').fill(street);
      await dialog.getByLabel('City').fill('Boston');
      await dialog.getByLabel('State').fill('MA');
      await dialog.getByLabel('ZIP').fill('02118');
      await dialog.getByLabel('Latitude').fill('42.35');
      await dialog.getByLabel('Longitude').fill('-71.07');
      if (primary) await dialog.getByLabel(/Primary address/).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }
    // The newer address took the primary mark and comes first.
    const items = addresses.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('40 Beacon Street');
    await expect(items.first()).toContainText('Primary');
    await expect(items.nth(1)).not.toContainText('Primary');
    if (kind === 'client') await expect(items.first()).toContainText('Home');

    const journal = section(page, 'Journal');
    await journal.getByRole('button', { name: 'Add entry' }).click();
    const add = page.getByRole('dialog', { name: 'Add journal entry' });
    await add.getByLabel('Subject').fill('First visit');
    await add.getByLabel('Note').fill('Met the family; the side door is the easiest way in.');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(journal).toContainText('First visit');

    await journal.getByRole('button', { name: 'Edit entry First visit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit journal entry' });
    await edit.getByLabel('Subject').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Subject is required')).toBeVisible();
    await edit.getByLabel('Subject').fill('First visit, door code');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(journal).toContainText('First visit, door code');

    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await addresses.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact(`${kind}-addresses-section.png`) });
    await expectAccessible(page, `${kind} addresses`);
    await journal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact(`${kind}-journal-section.png`) });
    await expectAccessible(page, `${kind} journal`);

    await journal.getByRole('button', { name: 'Delete entry First visit, door code' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(journal).toContainText('No journal entries yet.');
  });
}
