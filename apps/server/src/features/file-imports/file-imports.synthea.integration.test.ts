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
import { runImport, syntheaFile } from './file-imports.test-support';

let t: TestApp;
const tokens: Record<string, string> = {};
let worcester: number;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  for (const u of ['companyadmin', 'branchmanager']) tokens[u] = await t.signIn(u);
  const [row] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Worcester'));
  worcester = row!.id;
}, 60_000);
afterAll(() => t.close());

async function rowsOf(fileImportId: number) {
  return t.database.db
    .select({ status: fileImportRows.status, n: count() })
    .from(fileImportRows)
    .where(eq(fileImportRows.fileImportId, fileImportId))
    .groupBy(fileImportRows.status);
}

describe('the real Synthea set', () => {
  let patients: FileImportOutput;

  it('imports patients.csv as 1,171 clients, 171 of them deceased, with address and coordinates', async () => {
    patients = await runImport(t, tokens, 'companyadmin', {
      type: 'synthea-patients',
      fileName: 'patients.csv',
      bytes: syntheaFile('patients.csv'),
      branchId: worcester,
    });
    expect(patients).toMatchObject({
      status: 'completed',
      error: null,
      rowsTotal: 1171,
      rowsDone: 1171,
      createdCount: 1171,
      updatedCount: 0,
      unchangedCount: 0,
      errorCount: 0,
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
    expect(all!.n).toBe(1171);
    expect(deceased!.n).toBe(171);

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
    // 543 patients have no ZIP: they import, without an address, and their row says why.
    const [withAddress] = await db
      .select({ n: count() })
      .from(clientAddresses)
      .innerJoin(clients, eq(clients.id, clientAddresses.clientId))
      .where(imported);
    expect(withAddress!.n).toBe(1171 - 543);
    const [noted] = await db
      .select({ n: count() })
      .from(fileImportRows)
      .where(and(eq(fileImportRows.fileImportId, patients.id), eq(fileImportRows.message, 'Address not saved: ZIP is required')));
    expect(noted!.n).toBe(543);
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
    expect(audited!.n).toBeGreaterThanOrEqual(1171);
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
      rowsDone: 1171,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 1171,
      errorCount: 0,
    });
    expect(await rowsOf(again.id)).toEqual([{ status: 'unchanged', n: 1171 }]);
    const [after] = await t.database.db.select({ n: count() }).from(clients);
    expect(after!.n).toBe(before!.n);
  });

  it('imports providers.csv as 5,855 caregivers at their organization', async () => {
    const providers = await runImport(t, tokens, 'branchmanager', {
      type: 'synthea-providers',
      fileName: 'providers.csv',
      bytes: syntheaFile('providers.csv'),
    });
    expect(providers).toMatchObject({
      status: 'completed',
      rowsTotal: 5855,
      createdCount: 5855,
      errorCount: 0,
      branchName: 'Boston',
    });
    const db = t.database.db;
    const [all] = await db
      .select({ n: count() })
      .from(caregivers)
      .where(and(isNotNull(caregivers.externalId), eq(caregivers.status, 'active')));
    expect(all!.n).toBe(5855);
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
    // Two-part given names keep both parts; a four-digit ZIP got its leading zero back.
    const [jorge] = await db
      .select()
      .from(caregivers)
      .where(sql`${caregivers.firstName} = 'Jorge Luis' and ${caregivers.lastName} = 'Rocha'`);
    expect(jorge).toBeDefined();
    const [short] = await db
      .select({ n: count() })
      .from(caregiverAddresses)
      .where(sql`length(${caregiverAddresses.zip}) < 5`);
    expect(short!.n).toBe(0);
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
