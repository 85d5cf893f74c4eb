import { expect, test } from './support/test';
import { day, pickDay } from './support/ui';
import { artifact, mainMenu, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

test('a company admin adds a pay period lock time and sees it listed as locked once its time has passed', async ({ page }) => {
  await signInAs(page, 'companyadmin');
  await mainMenu(page).getByRole('button', { name: 'Admin' }).click();
  await mainMenu(page).getByRole('link', { name: 'Pay Period Lock Times' }).click();
  await expect(page).toHaveURL(/\/admin\/pay-period-lock-times$/);
  await expect(page.getByRole('heading', { name: 'Pay Period Lock Times', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Add lock time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pay period lock time' });
  // A two-week period that ended about three months ago (far from the demo's shifts); its lock, proposed 3 days
  // after its end at 12:00, has passed.
  const start = day(-110);
  const end = day(-97);
  await pickDay(page, 'Period start', start);
  await pickDay(page, 'Period end', end);
  await expect(dialog.getByRole('button', { name: 'Locks on', exact: true })).toHaveText(day(-94).shown);
  await expect(dialog.getByLabel('Locks at')).toHaveValue('12:00');
  await dialog.getByRole('textbox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Worcester' }).click();
  await expect(dialog.getByText("in the branch's time zone (America/New_York)")).toBeVisible();
  await expect(dialog.locator('.mantine-InputWrapper-error')).toHaveCount(0);
  await page.screenshot({ path: artifact('pay-period-lock-times-form.png') });
  await expectAccessible(page, 'pay period lock time form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Lock time added for Worcester')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Pay period lock times of Worcester' });
  const row = table.getByRole('row').filter({ hasText: `${start.shown} – ${end.shown}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Locked');
  await expect(row).toContainText(`${day(-94).shown} 12:00 PM`);

  // A period overlapping it is refused by the server, and the form says which period is in the way.
  await page.getByRole('button', { name: 'Add lock time' }).click();
  await pickDay(page, 'Period start', day(-100));
  await pickDay(page, 'Period end', day(-87));
  await dialog.getByRole('textbox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Worcester' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText(`Worcester already has the pay period ${start.iso} to ${end.iso}, which overlaps this one`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Editing shows the lock back in the branch's time zone; the branch stays with the lock time.
  await row.getByRole('button', { name: /^Edit lock time/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit pay period lock time' });
  await expect(edit.getByRole('button', { name: 'Locks on', exact: true })).toHaveText(day(-94).shown);
  await expect(edit.getByLabel('Locks at')).toHaveValue('12:00');
  await expect(edit.getByRole('textbox', { name: 'Branch' })).toBeDisabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.screenshot({ path: artifact('pay-period-lock-times.png'), fullPage: true });
  await expectAccessible(page, 'pay period lock times');

  // Deleting asks first; the period is then gone (and the flow can run again on the same server).
  await row.getByRole('button', { name: /^Delete lock time/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/^Deleted lock time/)).toBeVisible();
  await expect(row).toHaveCount(0);
});
