import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { appOrigin, artifact, signInAs } from './support/session';

/**
 * /mocks, the outbox (issue 21 item 5): a message of a channel without delivery configured (the default, as this
 * server runs) reads "Kept in the outbox", never failed, and its sign-in link shows that it went out with the token
 * hidden.
 */
test('/mocks shows a message kept in the outbox, its sign-in link hidden', async ({ page }) => {
  const email = 'nurse@demo.hearth.care';
  const asked = await page.request.post('/api/auth/request-password-reset', {
    data: { email },
    headers: { origin: appOrigin() },
  });
  expect(asked.status()).toBe(200);

  await signInAs(page, 'developer', '/mocks');
  const table = page.getByRole('table', { name: 'Outbox' });
  await expect(table.getByRole('columnheader', { name: 'State' })).toBeVisible();
  const message = table.getByRole('row').filter({ hasText: email }).filter({ hasText: 'password' }).first();
  await expect(message).toContainText('Kept in the outbox');
  await expect(message).toContainText('/reset-password?token=[hidden]');
  await expect(message).not.toContainText('Failed');
  await page.screenshot({ path: artifact('outbox-kept-1280.png') });
  await expectAccessible(page, '/mocks');
});
