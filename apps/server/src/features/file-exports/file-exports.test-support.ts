import { eq } from 'drizzle-orm';
import type { FileExportOutput } from '@hearth/shared/file-exports/file-exports.schema';
import type { DownloadUrlOutput } from '@hearth/shared/file-imports/file-imports.schema';
import type { TestApp } from '../../test/test-app';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { timesFromTimesheets } from '../visits/visits.timesheets';
import { ny, shiftFixtures } from '../shifts/shifts.test-support';

type Fixtures = Awaited<ReturnType<typeof shiftFixtures>>;

/** Final statuses of an export: the job is done with it. */
const FINAL = new Set(['completed', 'failed', 'expired']);

/**
 * What the export tests build on: shiftFixtures (branches, signed-in demo users, makers of clients, caregivers and
 * shifts), plus queueing an export, waiting for its job and downloading its file over HTTP, and visits with
 * device timesheets written the way the caregiver app writes them.
 */
export async function exportFixtures(t: TestApp) {
  const f: Fixtures = await shiftFixtures(t);

  /** Queues an export as a user; fails loudly on any error. */
  const queue = (type: string, params: Record<string, unknown>, as = 'branchmanager') =>
    f.api.ok<FileExportOutput>('mutation', 'queueFileExport', { type, params }, as);

  /** Waits (polling getFileExport, yielding between calls) until the export's job has finished with it. */
  async function finished(id: number, as = 'branchmanager'): Promise<FileExportOutput> {
    for (;;) {
      const current = await f.api.ok<FileExportOutput>('query', 'getFileExport', { id }, as);
      if (FINAL.has(current.status)) return current;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Queues an export and waits for it to finish. */
  async function run(type: string, params: Record<string, unknown>, as = 'branchmanager') {
    return finished((await queue(type, params, as)).id, as);
  }

  /** Downloads a finished export through its signed link (a root-relative URL of the local storage). */
  async function download(id: number, as = 'branchmanager') {
    const link = await f.api.ok<DownloadUrlOutput>('query', 'getFileExportDownloadLink', { id }, as);
    const res = await t.fetch(link.downloadUrl);
    if (res.status !== 200) throw new Error(`download of export ${id}: ${res.status} ${await res.text()}`);
    return { res, bytes: Buffer.from(await res.arrayBuffer()), link };
  }

  /**
   * A visit of a caregiver at a client from `from` to `to` (New York wall clock, "2025-03-03 07:00"), created by the
   * branch manager, checked in and (unless `open`) out by the caregiver's phone (timesheet type 1, with GPS), with
   * an optional care sheet carrying miles. The shift mirrors its timesheet as the service keeps it.
   */
  async function deviceVisit(v: {
    caregiverId: number;
    clientId: number;
    from: string;
    to: string;
    payerSourceId?: number;
    serviceCode?: string;
    modifiers?: string[];
    miles?: number;
    open?: boolean;
  }) {
    const shift = await f.shift({
      clientId: v.clientId,
      caregiverId: v.caregiverId,
      startTimestamp: ny(v.from),
      endTimestamp: ny(v.to),
      ...(v.payerSourceId ? { payerSourceId: v.payerSourceId } : {}),
      ...(v.serviceCode ? { serviceCode: v.serviceCode, modifiers: v.modifiers ?? [] } : {}),
    });
    const position = (lat: number) => ({ lat, lon: -71.06, accuracyMetres: 12, distanceMetres: 30, insideGeofence: true });
    const [sheet] = await f.db
      .insert(shiftTimesheets)
      .values({
        shiftId: shift.id,
        checkIn: new Date(ny(v.from)),
        checkInType: 1,
        checkInMetadata: position(42.35),
        ...(v.open ? {} : { checkOut: new Date(ny(v.to)), checkOutType: 1, checkOutMetadata: position(42.36) }),
      })
      .returning();
    await f.db
      .update(shifts)
      .set(timesFromTimesheets('scheduled', [sheet!]))
      .where(eq(shifts.id, shift.id));
    if (v.miles !== undefined) {
      await f.db
        .insert(careSheets)
        .values({ shiftId: shift.id, caregiverId: v.caregiverId, transportationData: { miles: v.miles, trips: 1 } });
    }
    return { shiftId: shift.id, timesheetId: sheet!.id };
  }

  /** A shift the office marked completed without any recorded times (no EVV data). */
  async function completedWithoutTimes(v: {
    caregiverId: number;
    clientId: number;
    from: string;
    to: string;
    payerSourceId?: number;
    serviceCode?: string;
  }) {
    const shift = await f.shift({
      clientId: v.clientId,
      caregiverId: v.caregiverId,
      startTimestamp: ny(v.from),
      endTimestamp: ny(v.to),
      ...(v.payerSourceId ? { payerSourceId: v.payerSourceId } : {}),
      ...(v.serviceCode ? { serviceCode: v.serviceCode } : {}),
    });
    await f.db.update(shifts).set({ status: 'completed' }).where(eq(shifts.id, shift.id));
    return { shiftId: shift.id };
  }

  return { ...f, queue, finished, run, download, deviceVisit, completedWithoutTimes };
}
