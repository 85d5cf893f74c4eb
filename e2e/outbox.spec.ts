import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { artifact, signInAs } from './support/session';

/**
 * /mocks, the outbox (issue 21 item 5): a message of a channel without delivery configured (the default, as this
 * server runs) reads "Kept in the outbox", never failed, and its sign-in link shows that it went out with the token
 * hidden.
 */
test('/mocks shows a message kept in the outbox, its sign-in link hidden', async ({ page }) => {
  // A sign-in link the office sends a caregiver (not a password reset: those are limited to 3 a minute per address,
  // which the password reset flow spends).
  const token = await tokenOf(page.request, 'companyadmin');
  const caregivers = await query<{ rows: { id: number }[] }>(page.request, token, 'queryView', {
    view: 'caregivers',
    filters: [{ column: 'status', operator: 'equals', value: 'active' }],
    pageSize: 1,
  });
  await mutation(page.request, token, 'sendCaregiverLoginLink', { caregiverId: caregivers.rows[0]!.id });

  await signInAs(page, 'developer', '/mocks');
  const table = page.getByRole('table', { name: 'Outbox' });
  await expect(table.getByRole('columnheader', { name: 'State' })).toBeVisible();
  const message = table.getByRole('row').filter({ hasText: '/login?token=[hidden]' }).first();
  await expect(message).toContainText('Kept in the outbox');
  await expect(message).not.toContainText('Failed');
  await page.screenshot({ path: artifact('outbox-kept-1280.png') });
  await expectAccessible(page, '/mocks');
});
