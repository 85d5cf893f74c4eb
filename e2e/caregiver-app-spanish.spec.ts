import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import es from '../packages/shared/src/i18n/es/caregiver-app.json' with { type: 'json' };
import esRecords from '../packages/shared/src/i18n/es/records.json' with { type: 'json' };
import en from '../packages/shared/src/i18n/en/caregiver-app.json' with { type: 'json' };
import enAccount from '../packages/shared/src/i18n/en/account.json' with { type: 'json' };
import esAccount from '../packages/shared/src/i18n/es/account.json' with { type: 'json' };
import esSchedule from '../packages/shared/src/i18n/es/schedule.json' with { type: 'json' };
import esReports from '../packages/shared/src/i18n/es/reports.json' with { type: 'json' };
import esTable from '../packages/shared/src/i18n/es/data-table.json' with { type: 'json' };
import { mutation, tokenOf } from './support/api';
import { drawOn, serviceWorkerReady } from './support/app';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';
import { createVisitTeam, unique } from './support/visit-team';

/**
 * A whole visit on the phone in Spanish (issue 27): a caregiver whose browser prefers Spanish signs in, sees the
 * schedule, checks in, fills and signs the care sheet and checks out. The texts asserted come from the Spanish
 * catalogue, so a missing or English text fails the flow; each step leaves a 390x844 screenshot in Spanish.
 */

/** The Boston branch's time zone. */
const ZONE = 'America/New_York';

/** A catalogue message with its `{{name}}` placeholders filled, as i18next renders it. */
function message(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** A catalogue message as a pattern: its placeholders match any text. */
function pattern(template: string): RegExp {
  const parts = template.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** Signs a pad (role img, named by the catalogue) with a finger-like scribble until the app takes it as signed. */
async function sign(page: Page, pad: Locator): Promise<void> {
  await expect(async () => {
    await drawOn(page, pad);
    await expect(pad).toHaveAttribute('data-signed', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** The home of this flow's client, by the Boston Common (the phone stands at its door). */
const HOME = { line1: '24 Beacon St', lat: 42.3581, lon: -71.0636 };

test.use({
  viewport: { width: 390, height: 844 },
  locale: 'es-US',
  permissions: ['geolocation'],
  geolocation: { latitude: HOME.lat + 0.0002, longitude: HOME.lon, accuracy: 8 },
});

test('caregiver app in Spanish: schedule, check-in, care sheet, check-out on the phone', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  // This flow's own caregiver with a login, and a client with a care plan and a 40-minute visit starting in a few
  // minutes (open for check-in whatever the hour the flow runs at).
  const manager = await tokenOf(request, 'branchmanager');
  const team = await createVisitTeam(request, manager, {
    branch: { name: 'Boston' },
    client: { firstName: 'Rosa', lastName: unique('Benítez'), line1: HOME.line1, home: { lat: HOME.lat, lon: HOME.lon } },
    caregiver: { firstName: 'Marisol', lastName: unique('Quintero') },
  });
  await mutation(request, manager, 'updateClient', { id: team.clientId, carePlanTasks: ['Bathing', 'Meal preparation'] });
  const start = DateTime.now().setZone(ZONE).startOf('minute').plus({ minutes: 5 });
  const created = await team.book(start, start.plus({ minutes: 40 }));
  const visit = page.locator(`article[data-shift-id="${created.id}"]`);

  // The schedule, in Spanish because the browser prefers it.
  await signInAs(page, team.username, '/app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: es.schedule.title })).toBeVisible();
  const menu = page.getByRole('navigation', { name: es.menu.label });
  for (const tab of ['schedule', 'missed', 'pickup', 'chat'] as const) await expect(menu).toContainText(es.menu[tab]);
  await expect(visit).toBeVisible();
  const clientName = (await visit.getAttribute('aria-label'))!.replace(message(es.card.label, { client: '' }), '');
  expect(clientName).toContain('Rosa');
  await expect(visit.getByText(es.status.scheduled, { exact: true })).toBeVisible();
  await expect(visit.getByRole('link', { name: es.card.carePlan })).toBeVisible();
  await expect(page.locator('section', { has: visit }).getByText(pattern(es.days.today))).toBeVisible();
  await serviceWorkerReady(page);
  // The header's language picker, named in Spanish, fits the 390 px wide header beside its buttons.
  const language = page.getByRole('banner').getByRole('combobox', { name: esAccount.language.label });
  await expect(language).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  for (const control of await page.getByRole('banner').locator('button, select').all()) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(header.x + header.width);
  }
  await page.screenshot({ path: artifact('es-1-schedule.png') });
  await expectAccessible(page, '/app (es)');

  // Check in at the client's door.
  await visit
    .getByRole('button', { name: message(es.check.buttonLabel, { action: es.check.check_in, client: clientName }) })
    .click();
  await expect(page.getByText(pattern(es.check.done_check_in)).first()).toBeVisible();
  await expect(visit.getByText(es.status.in_progress, { exact: true })).toBeVisible();
  await page.screenshot({ path: artifact('es-2-checked-in.png') });

  // Check out: the care sheet, tasks, comment and transportation, both signatures.
  await visit
    .getByRole('button', { name: message(es.check.buttonLabel, { action: es.check.check_out, client: clientName }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/shifts/${created.id}/checkout$`));
  await expect(page.getByRole('heading', { name: es.checkout.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: es.checkout.viewCarePlan })).toBeVisible();
  const tasks = page.getByRole('group', { name: es.checkout.tasksDone });
  // The care plan's tasks are stored by their English names and shown in the office's Spanish words for them.
  await tasks.getByRole('checkbox', { name: esRecords.carePlan.tasks.Bathing }).check();
  await tasks.getByRole('checkbox', { name: esRecords.carePlan.tasks['Meal preparation'] }).check();
  await page.getByLabel(es.checkout.comment).fill('La clienta estuvo de buen ánimo; caminamos al parque.');
  await page.getByLabel(es.checkout.miles).fill('2');
  await page.getByLabel(es.checkout.trips).fill('1');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('es-3-care-sheet.png') });
  await sign(page, page.getByRole('img', { name: message(es.signatures.pad, { label: es.signatures.clientSignature }) }));
  await sign(page, page.getByRole('img', { name: message(es.signatures.pad, { label: es.signatures.yourSignature }) }));
  await page.screenshot({ path: artifact('es-4-care-sheet-signed.png'), fullPage: true });
  await expectAccessible(page, 'care sheet check-out (es)');

  // Saved: the review of what was sent, in Spanish.
  await page.getByRole('button', { name: es.checkout.save }).click();
  await expect(page.getByText(es.checkout.saved)).toBeVisible();
  await expect(page.getByRole('heading', { name: es.review.title })).toBeVisible();
  await expect(page.getByText(es.sheet.done, { exact: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: es.review.looksRight })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('es-5-review.png') });
  await page.screenshot({ path: artifact('es-5-review-full.png'), fullPage: true });
  await expectAccessible(page, 'care sheet review (es)');

  // Back on the schedule the visit is done.
  await page.getByRole('navigation', { name: es.menu.label }).getByRole('link', { name: es.menu.schedule }).click();
  await expect(visit.getByText(es.status.completed, { exact: true })).toBeVisible();
  await expect(visit.getByText(pattern(es.card.times))).toBeVisible();
  // The submitted sheet has its tasks: once the schedule has refetched, the card no longer says they are missing.
  await expect(visit.getByText(es.card.tasksMissing)).toHaveCount(0);
  await page.screenshot({ path: artifact('es-6-checked-out.png') });

  // The header switches the language at once (English's catalogues load then, as a chunk of their own), and the
  // choice holds offline: the app starts again from the service worker in English.
  await language.selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: en.schedule.title })).toBeVisible();
  const languageEn = page.getByRole('banner').getByRole('combobox', { name: enAccount.language.label });
  await expect(languageEn).toHaveValue('en');
  // Saved (the select is disabled while it saves) before the phone goes offline.
  await expect(languageEn).toBeEnabled();
  await context.setOffline(true);
  await page.goto('/app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: en.schedule.title })).toBeVisible();
  await context.setOffline(false);
  // Back to the browser's language: Spanish again.
  await languageEn.selectOption('browser');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: es.schedule.title })).toBeVisible();
});

/**
 * The staff portal in Spanish at 1280x800 (issue 27): a branch manager whose browser prefers Spanish sees the client
 * list, a client's profile, the shifts list and a report in it; the screenshots are for reading for any text left in
 * English.
 */
test.describe('staff portal in Spanish', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('clients, a client profile, the shifts list and a report', async ({ page, request }) => {
    const manager = await tokenOf(request, 'branchmanager');
    const team = await createVisitTeam(request, manager, {
      branch: { name: 'Boston' },
      client: { firstName: 'Rosa', lastName: unique('Benítez'), line1: HOME.line1, home: { lat: HOME.lat, lon: HOME.lon } },
      caregiver: { firstName: 'Marisol', lastName: unique('Quintero') },
    });
    await mutation(request, manager, 'updateClient', { id: team.clientId, carePlanTasks: ['Bathing', 'Meal preparation'] });

    await signInAs(page, 'branchmanager', '/clients');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // The server's English column and status names are shown from the Spanish catalogue.
    const clientsTable = page.getByRole('table', { name: esTable.backendViews.clients.label });
    await expect(clientsTable.getByRole('columnheader', { name: esTable.backendViews.clients.columns.lastName })).toBeVisible();
    await expect(clientsTable.getByText(esTable.backendViews.clients.options.status.active).first()).toBeVisible();
    await page.screenshot({ path: artifact('es-staff-1-clients.png') });

    await page.goto(`/clients/${team.clientId}/profile`);
    await expect(page.getByRole('heading', { name: /Rosa/ }).first()).toBeVisible();
    await page.screenshot({ path: artifact('es-staff-2-client-profile.png'), fullPage: true });

    await page.goto('/shifts');
    await expect(page.getByRole('heading', { name: esSchedule.list.title })).toBeVisible();
    const shiftsTable = page.getByRole('table', { name: esTable.backendViews.shifts.label });
    await expect(
      shiftsTable.getByRole('columnheader', { name: esTable.backendViews.shifts.columns.caregiverName }),
    ).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: artifact('es-staff-3-shifts.png') });

    // A report: its view's column and status names are in Spanish too, like every list's.
    await page.goto('/reports/adp-employees');
    await expect(page.getByRole('heading', { name: esReports.catalog.adpEmployees.title })).toBeVisible();
    const adpView = esTable.backendViews.reportAdpEmployees;
    const adpTable = page.getByRole('table', { name: adpView.label });
    await expect(adpTable.getByRole('columnheader', { name: adpView.columns.adpFileNumber })).toBeVisible();
    await expect(adpTable.getByRole('columnheader', { name: adpView.columns.hireDate })).toBeVisible();
    await expect(adpTable.getByText(adpView.options.status.active).first()).toBeVisible();
    await page.screenshot({ path: artifact('es-staff-4-report.png') });
  });
});
