import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { startTestApp, type TestApp } from '../../test/test-app';
import { exportFixtures } from './file-exports.test-support';
import { seedMarch2025 } from './file-exports.march.test-support';
import { HHAEXCHANGE_VISIT_COLUMNS } from './file-exports.hhaexchange';

/** Payroll, billing and EVV exports over the hand-built month of seedMarch2025 (see there for the figures). */
let t: TestApp;
let x: Awaited<ReturnType<typeof exportFixtures>>;
let ids: Record<string, number> = {};
const period = { from: '2025-03-01', to: '2025-03-15' };

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  x = await exportFixtures(t);
  ids = await seedMarch2025(x);
});
afterAll(() => t.close());

/** The rows of a CSV download as objects by header (a byte order mark, if any, dropped). */
function csvRows(bytes: Buffer) {
  const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  return { fields: parsed.meta.fields, rows: parsed.data };
}

describe('ADP payroll export', () => {
  it('sums regular and overtime hours per FLSA workweek, mileage and cash advances per caregiver', async () => {
    const done = await x.run('payroll-adp', period);
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      kind: 'payroll_adp',
      fileName: 'payroll-adp-2025-03-01-2025-03-15.csv',
      contentType: 'text/csv; charset=utf-8',
      rowCount: 3,
      attempts: 1,
    });
    const { res, bytes } = await x.download(done.id);
    expect(res.headers.get('content-disposition')).toContain('filename="payroll-adp-2025-03-01-2025-03-15.csv"');
    expect(bytes.subarray(0, 7).toString()).toBe('Co Code');
    expect(done.fileSizeBytes).toBe(bytes.length);
    const { fields, rows } = csvRows(bytes);
    expect(fields).toEqual([
      'Co Code',
      'Batch ID',
      'File #',
      'Employee Name',
      'Reg Hours',
      'O/T Hours',
      'Earnings 3 Code',
      'Earnings 3 Amount',
      'Adjust Ded Code',
      'Adjust Ded Amount',
    ]);
    const line = (file: string, name: string, reg: string, ot: string, earnings: string[], deduction: string[]) => ({
      'Co Code': 'HRT',
      'Batch ID': 'MAR1',
      'File #': file,
      'Employee Name': name,
      'Reg Hours': reg,
      'O/T Hours': ot,
      'Earnings 3 Code': earnings[0] ?? '',
      'Earnings 3 Amount': earnings[1] ?? '',
      'Adjust Ded Code': deduction[0] ?? '',
      'Adjust Ded Amount': deduction[1] ?? '',
    });
    expect(rows).toEqual([
      line('700101', 'Adler, Alma', '47.50', '9.00', ['M', '11.03'], ['CA', '75.50']),
      line('700102', 'Brook, Bea', '6.42', '0.00', [], []),
      line('', 'Cole, Cora', '2.00', '0.00', [], []),
    ]);
  });

  it('pays the earlier part of a workweek across the boundary in its own period, as regular time', async () => {
    const done = await x.run('payroll-adp', { from: '2025-02-16', to: '2025-02-28' });
    const { rows } = csvRows((await x.download(done.id)).bytes);
    expect(rows).toEqual([
      expect.objectContaining({
        'File #': '700101',
        'Reg Hours': '40.00',
        'O/T Hours': '0.00',
        'Earnings 3 Amount': '70.00',
        'Adjust Ded Amount': '30.00',
      }),
    ]);
  });
});

describe('billing export', () => {
  it('bills worked visits per payer at units x rate, flags the authorization, and skips unverified EVV visits', async () => {
    const done = await x.run('billing', period);
    expect(done).toMatchObject({ status: 'completed', fileName: 'billing-2025-03-01-2025-03-15.csv', rowCount: 4 });
    const { rows } = csvRows((await x.download(done.id)).bytes);
    const line = (cells: string[]) =>
      Object.fromEntries(
        [
          'Payer',
          'Client',
          'Medicaid ID',
          'Service Code',
          'Modifiers',
          'Visit Date',
          'Caregiver',
          'Check-in',
          'Check-out',
          'Minutes',
          'Units',
          'Rate',
          'Amount',
          'Authorization #',
          'Over Authorization',
          'EVV Verified',
        ].map((k, i) => [k, cells[i]]),
      );
    const pick = (row: Record<string, string>) => line(Object.keys(line([])).map((k) => row[k]!));
    expect(rows.map(pick)).toEqual([
      line([
        'Test EVV HHAX',
        'Lima, Rosa',
        'MA1002003',
        'S5125',
        'U1',
        '2025-03-10',
        'Adler, Alma',
        '2025-03-10 09:00 EDT',
        '2025-03-10 13:30 EDT',
        '270',
        '18',
        '7.40',
        '133.20',
        '',
        'No',
        'Yes',
      ]),
      line([
        'Test EVV Sandata',
        'Lima, Rosa',
        'MA1002003',
        'T1019',
        '',
        '2025-03-03',
        'Adler, Alma',
        // Before the 9 March 2025 change: Eastern standard time.
        '2025-03-03 07:00 EST',
        '2025-03-03 17:00 EST',
        '600',
        '40',
        '7.52',
        '300.80',
        'AUTH-1',
        'Yes',
        'Yes',
      ]),
      line([
        'Test EVV Sandata',
        'Lima, Rosa',
        'MA1002003',
        'T1019',
        '',
        '2025-03-11',
        'Brook, Bea',
        '2025-03-11 08:00 EDT',
        '2025-03-11 12:15 EDT',
        '255',
        '17',
        '7.52',
        '127.84',
        'AUTH-1',
        'No',
        'Yes',
      ]),
      // Marked completed without EVV times: billed to the private payer, left out for the EVV payer (Mar 13).
      line([
        'Test Private',
        'Park, Pat',
        '',
        'S5135',
        '',
        '2025-03-12',
        'Cole, Cora',
        '2025-03-12 10:00 EDT',
        '2025-03-12 12:00 EDT',
        '120',
        '8',
        '6.25',
        '50.00',
        '',
        'No',
        'No',
      ]),
    ]);
    expect(rows.every((r) => r.Note === '')).toBe(true);
  });

  it('narrows to one payer source', async () => {
    const done = await x.run('billing', { ...period, payerSourceId: ids.priv });
    const { rows } = csvRows((await x.download(done.id)).bytes);
    expect(rows.map((r) => [r.Payer, r.Amount])).toEqual([['Test Private', '50.00']]);
  });
});

describe('EVV exports', () => {
  it('writes Sandata clients, employees and visits with calls and visit changes', async () => {
    const done = await x.run('evv-sandata', period);
    expect(done).toMatchObject({ status: 'completed', fileName: 'evv-sandata-2025-03-01-2025-03-15.json', rowCount: 2 });
    const { bytes } = await x.download(done.id);
    const file = JSON.parse(bytes.toString('utf8'));
    const provider = { ProviderQualifier: 'MedicaidID', ProviderID: '123456789' };
    expect(file.Client).toEqual([
      expect.objectContaining({
        ProviderIdentification: provider,
        ClientID: String(ids.rosa),
        ClientMedicaidID: 'MA1002003',
        MissingMedicaidID: false,
        ClientTimezone: 'US/Eastern',
      }),
    ]);
    expect(
      file.Employee.map((e: { EmployeeLastName: string; EmployeeOtherID: string }) => [
        e.EmployeeLastName,
        e.EmployeeOtherID,
      ]).sort(),
    ).toEqual([
      ['Adler', '700101'],
      ['Brook', '700102'],
    ]);
    const [first, second] = file.Visit;
    expect(first).toMatchObject({
      VisitOtherID: String(ids.a6),
      EmployeeQualifier: 'EmployeeCustomID',
      EmployeeIdentifier: String(ids.adler),
      ClientID: String(ids.rosa),
      ClientIDQualifier: 'ClientCustomID',
      PayerID: 'SANDATA01',
      PayerProgram: 'PCA',
      ProcedureCode: 'T1019',
      Modifier1: null,
      VisitTimeZone: 'US/Eastern',
      ScheduleStartTime: '2025-03-03T12:00:00Z',
      ScheduleEndTime: '2025-03-03T22:00:00Z',
      AdjInDateTime: null,
      AdjOutDateTime: null,
      BillVisit: true,
      HoursToBill: 10,
      HoursToPay: 10,
      Calls: [
        {
          CallDateTime: '2025-03-03T12:00:00Z',
          CallAssignment: 'Call In',
          CallType: 'Mobile',
          CallLatitude: 42.35,
          CallLongitude: -71.06,
        },
        {
          CallDateTime: '2025-03-03T22:00:00Z',
          CallAssignment: 'Call Out',
          CallType: 'Mobile',
          CallLatitude: 42.36,
          CallLongitude: -71.06,
        },
      ].map((c) => expect.objectContaining(c)),
      VisitChanges: [],
    });
    expect(second).toMatchObject({
      VisitOtherID: String(ids.b1),
      AdjInDateTime: null,
      AdjOutDateTime: '2025-03-11T16:15:00Z',
      BillVisit: true,
      HoursToBill: 4.25,
      Calls: [
        expect.objectContaining({ CallAssignment: 'Call In', CallType: 'Mobile', CallDateTime: '2025-03-11T12:00:00Z' }),
        expect.objectContaining({ CallAssignment: 'Call Out', CallType: 'Manual', CallLatitude: null, CallLongitude: null }),
      ],
      VisitChanges: [
        {
          SequenceID: 1,
          ChangeMadeBy: 'branchmanager@demo.hearth.care',
          ChangeDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
          ReasonCode: '910',
          ChangeReasonMemo: 'Phone died',
        },
      ],
    });
    expect(typeof second.SequenceID).toBe('number');
  });

  it('writes the HHAeXchange EVV visit import CSV in its column order', async () => {
    const done = await x.run('evv-hhaexchange', period);
    expect(done).toMatchObject({ status: 'completed', fileName: 'evv-hhaexchange-2025-03-01-2025-03-15.csv', rowCount: 1 });
    const { fields, rows } = csvRows((await x.download(done.id)).bytes);
    expect(fields).toEqual(HHAEXCHANGE_VISIT_COLUMNS);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Agency Tax ID': '123456789',
      'Office NPI': '1234567890',
      'Payer ID': '7788',
      'Medicaid Number': 'MA1002003',
      'Member ID': String(ids.rosa),
      'Caregiver Code': String(ids.adler),
      'Caregiver Last Name': 'Adler',
      'Visit ID': String(ids.a12),
      'Procedure Code': 'S5125:U1',
      'Schedule Start Time': '2025-03-10 09:00',
      'Visit End Time': '2025-03-10 13:30',
      'EVV Start Time': '2025-03-10 09:00',
      'EVV End Time': '2025-03-10 13:30',
      'Clock-In Latitude': '42.35',
      'Clock-Out Longitude': '-71.06',
      'Visit Edit Reason Code': '',
      'Is Deletion': 'N',
      'Missed Visit': 'N',
    });
  });
});
