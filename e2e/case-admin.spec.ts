import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { artifact, mainMenu, signInAs } from './support/session';

/**
 * /admin/cases (issue 24 item 1): a Company Admin adds a case type with its deadlines (the shared schema's messages
 * first), gives it a required module and a case admin in a branch, and retires it; the demo's types are listed.
 */
test('a company admin sets up a case type with its deadlines, a required module and a case admin', async ({ page }) => {
  // A name of its own, so the flow also runs again on a server that is already up.
  const name = `Medication error ${Date.now().toString(36).slice(-4)}`;
  await signInAs(page, 'companyadmin', '/admin/cases');
  await expect(page.getByRole('heading', { name: 'Case administration' })).toBeVisible();
  const types = page.getByRole('table', { name: 'Case types' });
  await expect(types.getByRole('row', { name: /Incident/ })).toBeVisible();
  await page.screenshot({ path: artifact('case-admin-types.png') });
  await expectAccessible(page, '/admin/cases');

  await page.getByRole('button', { name: 'New case type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case type' });
  await dialog.getByLabel('Name').fill(' ');
  await dialog.getByLabel('Report to the state within (hours)').fill('0');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name the case type')).toBeVisible();
  await expect(dialog.getByText('At least 1 hour')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Report to the state within (hours)').fill('24');
  await dialog.getByLabel('Resolve within (hours)').fill('30');
  await expect(dialog.getByText('24 hours = 1 day', { exact: true })).toBeVisible();
  await expect(dialog.getByText('30 hours = 1 day and 6 hours')).toBeVisible();
  await dialog.getByLabel('Default priority').click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await page.screenshot({ path: artifact('case-admin-type-form.png') });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const row = types.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText('24 h');
  await row.getByRole('cell').first().click();
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a module' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('switch', { name: /is required$/ }).check({ force: true });
  await page.getByRole('button', { name: 'Save modules' }).click();
  await expect(page.getByText(`The modules of ${name} are saved`)).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await page.screenshot({ path: artifact('case-admin-modules.png') });

  await page.getByRole('tab', { name: 'Case admins' }).click();
  await expect(page.getByText('No case admins in this branch.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a staff user' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save case admins' }).click();
  await expect(page.getByText(new RegExp(`The case admins of ${name} in .* are saved`))).toBeVisible();
  await expect(page.getByRole('switch', { name: /takes new cases$/ })).toBeChecked();
  await page.screenshot({ path: artifact('case-admin-admins.png') });

  await row.getByRole('button', { name: 'Retire' }).click();
  await expect(row).toContainText('Retired');
  await expect(mainMenu(page)).toBeVisible();
});
