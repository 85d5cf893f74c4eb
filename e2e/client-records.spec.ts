import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { pick } from './support/ui';
import { artifact, mainMenu, signInAs } from './support/session';

/** A small valid one-page PDF saying "Care plan", with its cross-reference table. */
function minimalPdf(): Buffer {
  const stream = 'BT /F1 24 Tf 40 120 Td (Care plan) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 240 240] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const PDF = minimalPdf();

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A YYYY-MM-DD date `days` from today in the browser's calendar. */
function isoDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A name no earlier run has used. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** A profile section (a card titled by its heading). */
function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

test('payer sources: create one, add services with dollar rates, save as a whole', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/payer-sources');
  await expect(page.getByRole('table', { name: 'Payer Sources' })).toContainText('MassHealth');
  await page.getByRole('button', { name: 'New payer source' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payer source' });
  const name = unique('Elder Services ');
  await dialog.getByLabel('Name').fill(name);
  await pick(page, dialog, 'Payer type', 'LTC insurance');
  await dialog.getByLabel('Payer ID').fill('ESP-01');
  await dialog.getByRole('button', { name: 'Create payer source' }).click();
  await expect(page).toHaveURL(/\/admin\/payer-sources\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Add service' }).click();
  await page.getByLabel('Service 1 code').fill('t1019');
  await page.getByLabel('Service 1 description').fill('Personal care, per 15 minutes');
  await page.getByLabel('Service 1 bill rate in dollars').fill('7.25');
  await page.getByRole('button', { name: 'Add service' }).click();
  await page.getByLabel('Service 2 code').fill('S5130');
  await page.getByRole('textbox', { name: 'Service 2 modifiers' }).fill('U1');
  await page.getByRole('textbox', { name: 'Service 2 modifiers' }).press('Enter');
  await page.getByLabel('Service 2 description').fill('Homemaker');
  await page.getByLabel('Service 2 bill rate in dollars').fill('6.1');
  await page.getByLabel('Service 2 unit minutes').fill('60');
  await pick(page, page.locator('body'), 'Service 2 rounding rule', 'Nearest unit');
  await page.getByRole('switch', { name: 'Requires EVV' }).check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payer source saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();

  // Saved as a whole and read back (in the server's order): code upper-cased, dollars kept to the cent.
  await page.reload();
  const codes = page.getByRole('textbox', { name: /^Service \d+ code$/ });
  await expect(codes).toHaveCount(2);
  const order = await codes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const t1019 = order.indexOf('T1019') + 1;
  const s5130 = order.indexOf('S5130') + 1;
  expect(t1019 * s5130).toBeGreaterThan(0);
  await expect(page.getByLabel(`Service ${t1019} bill rate in dollars`)).toHaveValue('$7.25');
  await expect(page.getByLabel(`Service ${s5130} bill rate in dollars`)).toHaveValue('$6.10');
  await expect(page.getByLabel(`Service ${s5130} unit minutes`)).toHaveValue('60');
  await expect(page.getByRole('switch', { name: 'Requires EVV' })).toBeChecked();
  await page.screenshot({ path: artifact('payer-source-edit.png') });

  // A removed row is gone after the next save.
  await page.getByRole('button', { name: `Remove service ${t1019}` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payer source saved')).toBeVisible();
  await page.reload();
  await expect(codes).toHaveCount(1);
  await expect(codes.first()).toHaveValue('S5130');
});

test('client records: create, address, contact and login link, files with previews, authorization metrics', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/clients');
  await expect(page.getByRole('table', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Clients' })).toHaveAttribute('aria-busy', 'false');
  await page.screenshot({ path: artifact('clients-list.png') });
  await expectAccessible(page, '/clients');

  // Create: the form checks the shared schema before anything is sent.
  await page.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  const lastName = unique('Whitcomb');
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Branch is required')).toBeVisible();
  await dialog.getByLabel('First name').fill('Eleanor');
  await dialog.getByLabel('Last name').fill(lastName);
  await pick(page, dialog, 'Branch', 'Boston');
  await dialog.getByLabel('Date of birth').fill('1941-03-09');
  await pick(page, dialog, 'Gender', 'Female');
  await dialog.getByLabel('Phone number').fill('(617) 555-0142');
  await dialog.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await dialog.getByLabel('Preferred language').fill('English');
  await dialog.getByLabel('Medicaid ID').fill('100200300');
  await pick(page, dialog, 'Primary payer', 'MassHealth');
  await dialog.getByRole('button', { name: 'Create client' }).click();

  await expect(page).toHaveURL(/\/clients\/\d+\/profile$/);
  const clientPath = new URL(page.url()).pathname.replace(/\/profile$/, '');
  await expect(page.getByRole('heading', { name: `Eleanor ${lastName}`, level: 2 })).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Payer: MassHealth')).toBeVisible();
  // While a client is open the menu shows their Schedule and Profile.
  await expect(mainMenu(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  await expect(mainMenu(page).getByRole('link', { name: 'Schedule' })).toBeVisible();

  // Care plan tasks are ticked in place.
  const carePlan = section(page, 'Care plan tasks');
  await carePlan.getByLabel('Bathing').check();
  await carePlan.getByLabel('Meal preparation').check();
  await carePlan.getByRole('button', { name: 'Save care plan' }).click();
  await expect(page.getByText('Care plan saved')).toBeVisible();
  await expect(carePlan.getByRole('button', { name: 'Save care plan' })).toBeDisabled();

  // Address: a bad ZIP is refused by the shared schema, then fixed.
  await section(page, 'Addresses').getByRole('button', { name: 'Add address' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Add address' });
  await addressDialog.getByLabel('Street address').fill('12 Elm Street');
  await addressDialog.getByLabel('City').fill('Boston');
  await addressDialog.getByLabel('State').fill('ma');
  await addressDialog.getByLabel('ZIP').fill('021');
  await addressDialog.getByRole('button', { name: 'Save' }).click();
  await expect(addressDialog.getByText('ZIP "021" is not a US ZIP code (5 digits or ZIP+4)')).toBeVisible();
  await addressDialog.getByLabel('ZIP').fill('02118');
  await addressDialog.getByRole('button', { name: 'Save' }).click();
  await expect(addressDialog).toBeHidden();
  await expect(section(page, 'Addresses')).toContainText('12 Elm Street, Boston, MA 02118');
  await expect(section(page, 'Addresses')).toContainText('Primary');

  // Contact with portal access: its login link lands in the outbox.
  await section(page, 'Contacts').getByRole('button', { name: 'Add contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Add contact' });
  await contactDialog.getByLabel('First name').fill('Margaret');
  await contactDialog.getByLabel('Last name').fill(lastName);
  await contactDialog.getByLabel('Relationship').fill('Daughter');
  await contactDialog.getByLabel('Phone number').fill('(617) 555-0199');
  const contactEmail = `margaret.${lastName.toLowerCase()}@example.com`;
  await contactDialog.getByLabel('Email').fill(contactEmail);
  await contactDialog.getByLabel('Emergency contact').check();
  await contactDialog.getByLabel('Portal access').check();
  await contactDialog.getByRole('button', { name: 'Save' }).click();
  await expect(contactDialog).toBeHidden();
  const contacts = section(page, 'Contacts');
  await expect(contacts).toContainText(`Margaret ${lastName}`);
  await expect(contacts).toContainText('Emergency');
  await contacts.getByRole('button', { name: `Send login link to Margaret ${lastName}` }).click();
  await expect(page.getByText(`Login link sent to ${contactEmail}`)).toBeVisible();
  // And the client's own link, from the header.
  await page.getByRole('button', { name: 'Send login link', exact: true }).click();
  await expect(page.getByText(`Login link sent to ${lastName.toLowerCase()}@example.com`)).toBeVisible();

  // Files: none chosen is refused; a PDF and a PNG upload and preview.
  const files = section(page, 'Files');
  await files.getByRole('button', { name: 'Upload file' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload file' });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText('File is required')).toBeVisible();
  await upload.locator('input[type="file"]').setInputFiles({ name: 'care-plan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(files.getByRole('link', { name: 'care-plan.pdf' })).toBeVisible();
  await files.getByRole('button', { name: 'Upload file' }).click();
  await upload.locator('input[type="file"]').setInputFiles({ name: 'front-door.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(files.getByRole('link', { name: 'front-door.png' })).toBeVisible();

  await files.getByRole('link', { name: 'care-plan.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`${clientPath}/files/\\d+$`));
  const frame = page.locator('iframe[title="File preview"]');
  await expect(frame).toBeVisible();
  await page.screenshot({ path: artifact('client-file-preview.png') });
  const pdfUrl = await frame.getAttribute('src');
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).toString('latin1')).toContain('%PDF-1.4');

  await page.goBack();
  await section(page, 'Files').getByRole('link', { name: 'front-door.png' }).click();
  const image = page.getByRole('img', { name: 'front-door.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.goBack();

  // Authorization, and this month's units for it.
  await section(page, 'Authorizations').getByRole('button', { name: 'Add authorization' }).click();
  const authDialog = page.getByRole('dialog', { name: 'Add authorization' });
  await pick(page, authDialog, 'Payer source', 'MassHealth');
  await authDialog.getByLabel('Service code').fill('T1019');
  await authDialog.getByLabel('Authorization number').fill('PA-7731');
  await authDialog.getByRole('button', { name: 'Save' }).click();
  await expect(authDialog.getByText('Give units per week, per month or in total')).toBeVisible();
  await authDialog.getByLabel('Units per week').fill('20');
  await authDialog.getByRole('button', { name: 'Save' }).click();
  await expect(authDialog).toBeHidden();
  const authRow = section(page, 'Authorizations').getByRole('row').filter({ hasText: 'PA-7731' });
  await expect(authRow).toContainText('T1019');
  await expect(authRow).toContainText('20/wk');
  const cells = authRow.getByRole('cell');
  // Payer, Service, Auth #, Period, Limits, then Authorized, Scheduled, Used, Remaining.
  await expect(cells.nth(5)).toHaveText(/^[1-9][\d,]*$/);
  const authorized = await cells.nth(5).innerText();
  await expect(cells.nth(6)).toHaveText('0');
  await expect(cells.nth(7)).toHaveText('0');
  await expect(cells.nth(8)).toHaveText(authorized);

  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('client-profile.png') });
  await expectAccessible(page, 'client profile');

  // /clients/{id} opens the schedule: the calendar and the recurring patterns.
  await page.goto(clientPath);
  await expect(page).toHaveURL(`${clientPath}/schedule`);
  await expect(page.getByRole('region', { name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recurring patterns' })).toBeVisible();

  // The login link was "sent" through the outbox that /mocks shows.
  await page.goto('/mocks');
  const message = page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ hasText: contactEmail });
  await expect(message.first()).toBeVisible();
  // It shows that the link went out, never its token.
  await expect(message.first()).toContainText('/login?token=[hidden]');
  await expect(message.first().getByRole('link')).toHaveCount(0);
});

test('caregiver profile: a credential expiring in 10 days is flagged', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/caregivers');
  await expect(page.getByRole('table', { name: 'Caregivers' })).toBeVisible();
  await page.getByRole('button', { name: 'New caregiver' }).click();
  const dialog = page.getByRole('dialog', { name: 'New caregiver' });
  const lastName = unique('Okafor');
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill(lastName);
  await pick(page, dialog, 'Branch', 'Boston');
  await pick(page, dialog, 'Status', 'Active');
  await dialog.getByLabel('Phone number').fill('(617) 555-0171');
  await dialog.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
  await dialog.getByRole('button', { name: 'Create caregiver' }).click();
  await expect(page).toHaveURL(/\/caregivers\/\d+\/profile$/);
  await expect(page.getByRole('heading', { name: `Grace ${lastName}`, level: 2 })).toBeVisible();

  // Details: pay rate in dollars, skills, languages, availability, weekly hours.
  await section(page, 'Details').getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit caregiver' });
  await edit.getByRole('button', { name: 'Add pay rate' }).click();
  await edit.getByLabel('Pay rate 1 dollars per hour').fill('21.5');
  await edit.getByLabel('Max weekly hours').fill('40');
  await edit.getByRole('textbox', { name: 'Skills' }).fill('Dementia care');
  await edit.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await edit.getByRole('button', { name: 'Add window' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const details = section(page, 'Details');
  await expect(details).toContainText('Standard: $21.50/h');
  await expect(details).toContainText('Mon 08:00–16:00');
  await expect(details).toContainText('40 h');
  await expect(details).toContainText('Dementia care');

  // A credential expiring in 10 days: flagged orange in its row and above the sections.
  await section(page, 'Credentials').getByRole('button', { name: 'Add credential' }).click();
  const credential = page.getByRole('dialog', { name: 'Add credential' });
  await credential.getByLabel('Name').fill('CPR');
  await credential.getByLabel('Issued on').fill(isoDay(-355));
  await credential.getByLabel('Expires on').fill(isoDay(10));
  await credential.getByRole('button', { name: 'Save' }).click();
  await expect(credential).toBeHidden();
  const row = section(page, 'Credentials').getByRole('row').filter({ hasText: 'CPR' });
  await expect(row).toHaveAttribute('data-expiry', 'expiring');
  await expect(row).toContainText(/Expires in (9|10|11) days/);
  await expect(page.getByRole('alert').filter({ hasText: 'Credentials expiring soon' })).toContainText('CPR');

  // Set password: the policy is stated rule by rule.
  await section(page, 'Sign-in').getByRole('button', { name: 'Set password' }).click();
  const password = page.getByRole('dialog', { name: 'Set password' });
  await password.getByLabel('New password').fill('short');
  await password.getByLabel('Repeat the password').fill('short');
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(password.getByText('Password must be at least 8 characters long')).toBeVisible();
  await password.getByLabel('New password').fill('Caring-hands-2026');
  await password.getByLabel('Repeat the password').fill('Caring-hands-2026');
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(password).toBeHidden();
  await expect(section(page, 'Sign-in')).toContainText('Set');

  await section(page, 'Sign-in').getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByText(`Login link sent to ${lastName.toLowerCase()}@example.com`)).toBeVisible();

  // Cash advance in dollars.
  await section(page, 'Cash advances').getByRole('button', { name: 'Add advance' }).click();
  const advance = page.getByRole('dialog', { name: 'Add cash advance' });
  await advance.getByLabel('Amount').fill('150');
  await advance.getByLabel('Reason').fill('Car repair');
  await advance.getByRole('button', { name: 'Save' }).click();
  await expect(advance).toBeHidden();
  await expect(section(page, 'Cash advances')).toContainText('$150.00');

  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('caregiver-profile.png') });
});
