import { eq } from 'drizzle-orm';
import { caregiverCashAdvances } from '../caregivers/caregivers.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { ny } from '../shifts/shifts.test-support';
import type { exportFixtures } from './file-exports.test-support';

/**
 * Builds by hand the month the payroll, billing and EVV export tests read (March 2025, Boston, New York time):
 * - Alma Adler (ADP 700101): 4 x 10 h in the workweek of Feb 23 (last period), then Sat Mar 1 4 h (all overtime:
 *   the week's 41st to 44th hour); Mon-Thu Mar 3-6 10 h each and Fri Mar 7 5 h (45 h: 40 + 5 overtime; Mar 4's
 *   device check-out 17:20 corrected by the office to 17:00); Sun Mar 9 00:00-04:00 (spring forward: 3 h) and
 *   Mon Mar 10 09:00-13:30 (4.5 h). Period Mar 1-15: 47.50 regular, 9.00 overtime. Miles 12.5 + 3.25 in March
 *   (100 on Feb 27): 15.75 x 70 cents = $11.03. Advances $50.00 + $25.50 in March ($30.00 Feb 20, $9 Mar 16).
 * - Bea Brook (ADP 700102): Mar 11 08:00-12:15 (device in, office out with a reason: 255 min) and Mar 13
 *   13:00-15:10 marked completed without times (130 min): 385 min = 6.42 h; Mar 14 only checked in; Mar 16 next
 *   period.
 * - Cora Cole (no ADP number): Mar 12 10:00-12:00 marked completed without times: 2.00 h.
 * Payers: Test EVV Sandata (T1019 $7.52 / 15 min, authorization AUTH-1 of 30 units a week for Rosa Lima), Test EVV
 * HHAX (S5125 U1 $7.40 / 15 min), Test Private (S5135 $6.25 / 15 min, nearest unit). The type settings: ADP Co Code
 * HRT, batch MAR1; Sandata provider 123456789, program PCA, device_problem -> 910; HHAeXchange tax id and NPI.
 * @returns the ids the assertions name (payers, clients, caregivers and some shifts).
 */
export async function seedMarch2025(x: Awaited<ReturnType<typeof exportFixtures>>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  const db = x.db;
  const companyId = x.boston.companyId;
  const adler = await x.addCaregiver({ firstName: 'Alma', lastName: 'Adler', adpFileNumber: '700101' });
  const brook = await x.addCaregiver({ firstName: 'Bea', lastName: 'Brook', adpFileNumber: '700102' });
  const cole = await x.addCaregiver({ firstName: 'Cora', lastName: 'Cole' });
  const rosa = (await x.addClient('Rosa', 'Lima')).id;
  const pat = (await x.addClient('Pat', 'Park')).id;
  await db.update(clients).set({ medicaidId: 'MA1002003' }).where(eq(clients.id, rosa));
  const [sandata, hhax, priv] = await db
    .insert(payerSources)
    .values([
      {
        companyId,
        name: 'Test EVV Sandata',
        payerType: 'medicaid',
        payerId: 'SANDATA01',
        evvAggregator: 'sandata',
        requiresEvv: true,
      },
      {
        companyId,
        name: 'Test EVV HHAX',
        payerType: 'medicaid_mco',
        payerId: '7788',
        evvAggregator: 'hhaexchange',
        requiresEvv: true,
      },
      { companyId, name: 'Test Private', payerType: 'private_pay', evvAggregator: 'none', requiresEvv: false },
    ])
    .returning();
  await db.insert(payerSourceServices).values([
    { payerSourceId: sandata!.id, serviceCode: 'T1019', billRateCents: 752, unitMinutes: 15, roundingRule: 'cms_8_minute' },
    {
      payerSourceId: hhax!.id,
      serviceCode: 'S5125',
      modifiers: ['U1'],
      billRateCents: 740,
      unitMinutes: 15,
      roundingRule: 'cms_8_minute',
    },
    { payerSourceId: priv!.id, serviceCode: 'S5135', billRateCents: 625, unitMinutes: 15, roundingRule: 'nearest' },
  ]);
  Object.assign(ids, { sandata: sandata!.id, hhax: hhax!.id, priv: priv!.id, rosa, pat, adler: adler.id, brook: brook.id });
  await db.insert(clientAuthorizations).values({
    clientId: rosa,
    payerSourceId: sandata!.id,
    serviceCode: 'T1019',
    authorizationNumber: 'AUTH-1',
    unitsPerWeek: 30,
    startDate: '2025-03-01',
    endDate: '2025-03-31',
  });

  const alma = (from: string, to: string, extra: Record<string, unknown> = {}) =>
    x.deviceVisit({ caregiverId: adler.id, clientId: rosa, from, to, ...extra });
  for (const day of ['24', '25', '26']) await alma(`2025-02-${day} 07:00`, `2025-02-${day} 17:00`);
  await alma('2025-02-27 07:00', '2025-02-27 17:00', { miles: 100 });
  await alma('2025-03-01 09:00', '2025-03-01 13:00');
  ids.a6 = (
    await alma('2025-03-03 07:00', '2025-03-03 17:00', { payerSourceId: sandata!.id, serviceCode: 'T1019', miles: 12.5 })
  ).shiftId;
  const a7 = await alma('2025-03-04 07:00', '2025-03-04 17:20');
  await x.api.ok('mutation', 'saveShiftTimesheet', {
    scheduleId: a7.shiftId,
    id: a7.timesheetId,
    checkOut: ny('2025-03-04 17:00'),
    reasonCode: 'caregiver_forgot',
  });
  await alma('2025-03-05 07:00', '2025-03-05 17:00', { miles: 3.25 });
  await alma('2025-03-06 07:00', '2025-03-06 17:00');
  await alma('2025-03-07 09:00', '2025-03-07 14:00');
  await alma('2025-03-09 00:00', '2025-03-09 04:00');
  ids.a12 = (
    await alma('2025-03-10 09:00', '2025-03-10 13:30', { payerSourceId: hhax!.id, serviceCode: 'S5125', modifiers: ['U1'] })
  ).shiftId;

  const b1 = await x.deviceVisit({
    caregiverId: brook.id,
    clientId: rosa,
    from: '2025-03-11 08:00',
    to: '2025-03-11 12:15',
    payerSourceId: sandata!.id,
    serviceCode: 'T1019',
    open: true,
  });
  ids.b1 = b1.shiftId;
  await x.api.ok('mutation', 'saveShiftTimesheet', {
    scheduleId: b1.shiftId,
    id: b1.timesheetId,
    checkOut: ny('2025-03-11 12:15'),
    reasonCode: 'device_problem',
    reasonNote: 'Phone died',
  });
  await x.completedWithoutTimes({
    caregiverId: brook.id,
    clientId: rosa,
    from: '2025-03-13 13:00',
    to: '2025-03-13 15:10',
    payerSourceId: sandata!.id,
    serviceCode: 'T1019',
  });
  await x.deviceVisit({ caregiverId: brook.id, clientId: pat, from: '2025-03-14 09:00', to: '2025-03-14 11:00', open: true });
  await x.deviceVisit({ caregiverId: brook.id, clientId: pat, from: '2025-03-16 09:00', to: '2025-03-16 11:00' });
  await x.completedWithoutTimes({
    caregiverId: cole.id,
    clientId: pat,
    from: '2025-03-12 10:00',
    to: '2025-03-12 12:00',
    payerSourceId: priv!.id,
    serviceCode: 'S5135',
  });

  await db.insert(caregiverCashAdvances).values([
    { caregiverId: adler.id, amountCents: 5000, advancedOn: '2025-03-05' },
    { caregiverId: adler.id, amountCents: 2550, advancedOn: '2025-03-12' },
    { caregiverId: adler.id, amountCents: 3000, advancedOn: '2025-02-20' },
    { caregiverId: adler.id, amountCents: 900, advancedOn: '2025-03-16' },
  ]);
  const setType = (name: string, settings: Record<string, unknown>) =>
    x.api.ok('mutation', 'updateFileExportType', { name, settings }, 'developer');
  await setType('payroll-adp', { companyCode: 'HRT', batchId: 'MAR1' });
  await setType('evv-sandata', { providerId: '123456789', payerProgram: 'PCA', reasonCodes: { device_problem: '910' } });
  await setType('evv-hhaexchange', { agencyTaxId: '123456789', officeNpi: '1234567890' });
  return ids;
}
