import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FileImportOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { caregiverAddresses, caregivers } from '../caregivers/caregivers.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { auditLog } from '../audit/audit.schema';
import { fileImportRows } from './file-imports.schema';
import { runImport } from './file-imports.test-support';
import { csvOf, patients3x, payers3x, providers3x, syntheaFile, syntheaRows } from './file-imports.synthea.test-support';

let t: TestApp;
const tokens: Record<string, string> = {};
let worcester: number;
let springfield: number;

/** The sample's patients and providers as read by a plain CSV parser (the expectations come from the file). */
const patientRows = syntheaRows('patients.csv');
const providerRows = syntheaRows('providers.csv');
const deceasedCount = patientRows.filter((p) => p.DEATHDATE !== '').length;
const noZipCount = patientRows.filter((p) => p.ZIP === '').length;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  for (const u of ['companyadmin', 'branchmanager']) tokens[u] = await t.signIn(u);
  const [row] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Worcester'));
  worcester = row!.id;
  const [other] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Springfield'));
  springfield = other!.id;
}, 60_000);
afterAll(() => t.close());

async function rowsOf(fileImportId: number) {
  return t.database.db
    .select({ status: fileImportRows.status, n: count() })
    .from(fileImportRows)
    .where(eq(fileImportRows.fileImportId, fileImportId))
    .groupBy(fileImportRows.status);
}

describe('the Synthea sample (pre-3.0 columns)', () => {
  let patients: FileImportOutput;

  it('imports patients.csv as clients, the deceased as deceased, with address and coordinates', async () => {
    expect([patientRows.length, deceasedCount > 0, noZipCount > 0]).toEqual([300, true, true]);
    patients = await runImport(t, tokens, 'companyadmin', {
      type: 'synthea-patients',
      fileName: 'patients.csv',
      bytes: syntheaFile('patients.csv'),
      branchId: worcester,
    });
    expect(patients).toMatchObject({
      status: 'completed',
      error: null,
      rowsTotal: patientRows.length,
      rowsDone: patientRows.length,
      createdCount: patientRows.length,
      updatedCount: 0,
      unchangedCount: 0,
      errorCount: 0,
      warningCount: noZipCount,
      branchName: 'Worcester',
      typeLabel: 'Synthea patients',
    });
    const db = t.database.db;
    const imported = and(isNotNull(clients.externalId), eq(clients.branchId, worcester));
    const [all] = await db.select({ n: count() }).from(clients).where(imported);
    const [deceased] = await db
      .select({ n: count() })
      .from(clients)
      .where(and(imported, eq(clients.status, 'deceased')));
    expect(all!.n).toBe(patientRows.length);
    expect(deceased!.n).toBe(deceasedCount);

    const [jose] = await db
      .select({ client: clients, address: clientAddresses })
      .from(clients)
      .leftJoin(clientAddresses, eq(clientAddresses.clientId, clients.id))
      .where(eq(clients.externalId, '1d604da9-9a81-4ba9-80c2-de3375d59b40'));
    expect(jose!.client).toMatchObject({
      firstName: 'José Eduardo',
      lastName: 'Gómez',
      dateOfBirth: '1989-05-25',
      gender: 'M',
      status: 'active',
    });
    expect(jose!.address).toMatchObject({
      line1: '427 Balistreri Way Unit 19',
      city: 'Chicopee',
      state: 'MA',
      zip: '01013',
      lat: 42.22835382315942,
      lon: -72.56295055096882,
      isPrimary: true,
      label: 'Home',
    });
    // Patients without a ZIP import without an address; their row is a warning that says why.
    const [withAddress] = await db
      .select({ n: count() })
      .from(clientAddresses)
      .innerJoin(clients, eq(clients.id, clientAddresses.clientId))
      .where(imported);
    expect(withAddress!.n).toBe(patientRows.length - noZipCount);
    const warned = await db
      .select({ status: fileImportRows.status, message: fileImportRows.message, warning: fileImportRows.warning })
      .from(fileImportRows)
      .where(and(eq(fileImportRows.fileImportId, patients.id), isNotNull(fileImportRows.warning)));
    expect(warned).toHaveLength(noZipCount);
    expect(new Set(warned.map((w) => JSON.stringify(w)))).toEqual(
      new Set([JSON.stringify({ status: 'created', message: null, warning: 'Address not saved: ZIP is required' })]),
    );
    // The writes went through the audit triggers, in the name of the import's creator.
    const [audited] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'clients'),
          eq(auditLog.operation, 'INSERT'),
          eq(auditLog.branchId, worcester),
          isNotNull(auditLog.changedBy),
        ),
      );
    expect(audited!.n).toBeGreaterThanOrEqual(patientRows.length);
  });

  it('changes nothing when the same file is imported again', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(clients);
    const again = await runImport(t, tokens, 'companyadmin', {
      type: 'synthea-patients',
      fileName: 'patients.csv',
      bytes: syntheaFile('patients.csv'),
      branchId: worcester,
    });
    expect(again).toMatchObject({
      status: 'completed',
      rowsDone: patientRows.length,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: patientRows.length,
      errorCount: 0,
      warningCount: noZipCount,
    });
    expect(await rowsOf(again.id)).toEqual([{ status: 'unchanged', n: patientRows.length }]);
    const [after] = await t.database.db.select({ n: count() }).from(clients);
    expect(after!.n).toBe(before!.n);
  });

  it('imports providers.csv as caregivers at their organization, every ZIP in its normal form', async () => {
    const providers = await runImport(t, tokens, 'branchmanager', {
      type: 'synthea-providers',
      fileName: 'providers.csv',
      bytes: syntheaFile('providers.csv'),
    });
    expect(providers).toMatchObject({
      status: 'completed',
      rowsTotal: providerRows.length,
      createdCount: providerRows.length,
      errorCount: 0,
      warningCount: 0,
      branchName: 'Boston',
    });
    const db = t.database.db;
    const [all] = await db
      .select({ n: count() })
      .from(caregivers)
      .where(and(isNotNull(caregivers.externalId), eq(caregivers.status, 'active')));
    expect(all!.n).toBe(providerRows.length);
    const [tomas] = await db
      .select({ caregiver: caregivers, address: caregiverAddresses })
      .from(caregivers)
      .innerJoin(caregiverAddresses, eq(caregiverAddresses.caregiverId, caregivers.id))
      .where(eq(caregivers.externalId, '3421aa75-dec7-378d-a9e0-0bc764e4cb0d'));
    expect(tomas!.caregiver).toMatchObject({ firstName: 'Tomas', lastName: 'Sauer', gender: 'M', status: 'active' });
    expect(tomas!.address).toMatchObject({
      line1: '60 HOSPITAL ROAD',
      city: 'LEOMINSTER',
      state: 'MA',
      zip: '01453',
      lat: 42.520838,
    });
    // Two-part given names keep both parts; ZIP+4 keeps its add-on; a four-digit ZIP got its leading zero back.
    const [jorge] = await db
      .select({ caregiver: caregivers, address: caregiverAddresses })
      .from(caregivers)
      .innerJoin(caregiverAddresses, eq(caregiverAddresses.caregiverId, caregivers.id))
      .where(sql`${caregivers.firstName} = 'Jorge Luis' and ${caregivers.lastName} = 'Rocha'`);
    expect(jorge!.address.zip).toBe('01770-1302');
    const shortZip = providerRows.find((p) => p.ZIP!.length === 4)!;
    const [restored] = await db
      .select({ zip: caregiverAddresses.zip })
      .from(caregiverAddresses)
      .innerJoin(caregivers, eq(caregivers.id, caregiverAddresses.caregiverId))
      .where(eq(caregivers.externalId, shortZip.Id!));
    expect(restored!.zip).toBe(`0${shortZip.ZIP}`);
    const [abnormal] = await db
      .select({ n: count() })
      .from(caregiverAddresses)
      .where(sql`${caregiverAddresses.zip} !~ '^[0-9]{5}(-[0-9]{4})?$'`);
    expect(abnormal!.n).toBe(0);
  }, 120_000);

  it('imports payers.csv as the 10 payer sources of the company, their type read from the name', async () => {
    const payers = await runImport(t, tokens, 'companyadmin', { type: 'synthea-payers', bytes: syntheaFile('payers.csv') });
    expect(payers).toMatchObject({ status: 'completed', createdCount: 10, errorCount: 0, branchId: null });
    const rows = await t.database.db
      .select({ name: payerSources.name, payerType: payerSources.payerType })
      .from(payerSources)
      .where(inArray(payerSources.name, ['Medicare', 'Dual Eligible', 'NO_INSURANCE', 'Humana']));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.payerType]))).toEqual({
      Medicare: 'medicare',
      'Dual Eligible': 'medicaid',
      NO_INSURANCE: 'private_pay',
      Humana: 'commercial',
    });
    const again = await runImport(t, tokens, 'companyadmin', { type: 'synthea-payers', bytes: syntheaFile('payers.csv') });
    expect(again).toMatchObject({ status: 'completed', unchangedCount: 10, createdCount: 0 });
    const [all] = await t.database.db.select({ n: count() }).from(payerSources).where(isNotNull(payerSources.externalId));
    expect(all!.n).toBe(10);
  });
});

describe('Synthea 3.x layouts (MIDDLE, FIPS, INCOME, nine-digit ZIPs, OWNERSHIP), written from the data dictionary', () => {
  it('imports providers with ZIP+4 written without its hyphen: every caregiver keeps an address and coordinates', async () => {
    const providers = await runImport(t, tokens, 'companyadmin', {
      type: 'synthea-providers',
      fileName: 'providers.csv',
      bytes: providers3x('v3-'),
      branchId: springfield,
    });
    expect(providers).toMatchObject({
      status: 'completed',
      createdCount: providerRows.length,
      warningCount: 0,
      errorCount: 0,
    });
    const addresses = await t.database.db
      .select({ zip: caregiverAddresses.zip, lat: caregiverAddresses.lat, lon: caregiverAddresses.lon })
      .from(caregiverAddresses)
      .innerJoin(caregivers, eq(caregivers.id, caregiverAddresses.caregiverId))
      .where(sql`${caregivers.externalId} like 'v3-%'`);
    expect(addresses).toHaveLength(providerRows.length);
    expect(addresses.filter((a) => !/^\d{5}-\d{4}$/.test(a.zip) || a.lat === null || a.lon === null)).toEqual([]);
    const [tomas] = await t.database.db
      .select({ zip: caregiverAddresses.zip })
      .from(caregiverAddresses)
      .innerJoin(caregivers, eq(caregivers.id, caregiverAddresses.caregiverId))
      .where(eq(caregivers.externalId, 'v3-3421aa75-dec7-378d-a9e0-0bc764e4cb0d'));
    expect(tomas!.zip).toMatch(/^01453-\d{4}$/);
  }, 120_000);

  it('imports patients with the 3.x columns, with and without LAT/LON', async () => {
    for (const withCoordinates of [true, false]) {
      const prefix = withCoordinates ? 'v3-' : 'v3-nolatlon-';
      const patients = await runImport(t, tokens, 'companyadmin', {
        type: 'synthea-patients',
        fileName: 'patients.csv',
        bytes: patients3x(prefix, { withCoordinates }),
        branchId: springfield,
      });
      expect(patients).toMatchObject({
        status: 'completed',
        createdCount: patientRows.length,
        warningCount: noZipCount,
        errorCount: 0,
      });
      const [withCoords] = await t.database.db
        .select({ n: count() })
        .from(clientAddresses)
        .innerJoin(clients, eq(clients.id, clientAddresses.clientId))
        .where(and(sql`${clients.externalId} like ${`${prefix}%`}`, isNotNull(clientAddresses.lat)));
      expect(withCoords!.n).toBe(withCoordinates ? patientRows.length - noZipCount : 0);
    }
  }, 120_000);

  it('reads the same payers in the 3.x layout as unchanged (OWNERSHIP is not a field)', async () => {
    const payers = await runImport(t, tokens, 'companyadmin', { type: 'synthea-payers', bytes: payers3x('') });
    expect(payers).toMatchObject({ status: 'completed', unchangedCount: 10, createdCount: 0, errorCount: 0 });
  });

  it('counts a placeholder or impossible ZIP as a warning that names it, and keeps the person', async () => {
    const [first, second] = patientRows.filter((p) => p.ZIP !== '');
    const rows = [
      { ...first!, Id: 'zip-placeholder', ZIP: '00000' },
      { ...second!, Id: 'zip-impossible', ZIP: '1A345' },
      { ...second!, Id: 'zip-nine', ZIP: '021081234' },
    ];
    const columns = Object.keys(first!);
    const run = await runImport(t, tokens, 'companyadmin', {
      type: 'synthea-patients',
      bytes: csvOf(columns, rows),
      branchId: springfield,
    });
    expect(run).toMatchObject({ status: 'completed', createdCount: 3, warningCount: 2, errorCount: 0 });
    const outcome = await t.database.db
      .select({ line: fileImportRows.lineNumber, warning: fileImportRows.warning })
      .from(fileImportRows)
      .where(eq(fileImportRows.fileImportId, run.id))
      .orderBy(fileImportRows.lineNumber);
    expect(outcome).toEqual([
      { line: 2, warning: 'Address not saved: ZIP 00000 is a placeholder, not a ZIP code' },
      { line: 3, warning: 'Address not saved: ZIP "1A345" is not a US ZIP code (5 digits or ZIP+4)' },
      { line: 4, warning: null },
    ]);
    const [nine] = await t.database.db
      .select({ zip: clientAddresses.zip })
      .from(clientAddresses)
      .innerJoin(clients, eq(clients.id, clientAddresses.clientId))
      .where(eq(clients.externalId, 'zip-nine'));
    expect(nine!.zip).toBe('02108-1234');
  });
});
