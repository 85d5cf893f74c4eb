import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { startJobQueue, type JobQueue, type JobState } from './jobs.queue';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Resolves when the job reaches a final state (each check waits for the database, never a timer). */
async function finalState(queue: JobQueue, id: string): Promise<JobState> {
  for (;;) {
    const job = await queue.getJob('file-export', id);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('job queue (pg-boss on this engine)', () => {
  it('a job queued while no worker runs survives a restart and is done by the next process', async () => {
    const first = await startJobQueue(database, { supervise: false });
    const id = await first.send('file-export', { fileExportId: 41 });
    await first.stop();

    const second = await startJobQueue(database, { supervise: false, pollingIntervalSeconds: 0.5 });
    const seen: number[] = [];
    await second.work('file-export', async (job) => {
      seen.push(job.data.fileExportId);
    });
    expect((await finalState(second, id)).state).toBe('completed');
    expect(seen).toEqual([41]);
    await second.stop();
  });

  it('a failing job is retried with its attempts counted, then ends failed with the reason', async () => {
    const queue = await startJobQueue(database, {
      supervise: false,
      retryLimit: 2,
      retryDelaySeconds: 0,
      pollingIntervalSeconds: 0.5,
    });
    const attempts: { retryCount: number; isLastAttempt: boolean }[] = [];
    await queue.work('file-export', async (job) => {
      attempts.push({ retryCount: job.retryCount, isLastAttempt: job.isLastAttempt });
      throw new Error('The storage is unreachable');
    });
    const id = await queue.send('file-export', { fileExportId: 7 });
    const job = await finalState(queue, id);
    expect(job.state).toBe('failed');
    expect(job.retryCount).toBe(2);
    expect(JSON.stringify(job.output)).toContain('The storage is unreachable');
    expect(attempts).toEqual([
      { retryCount: 0, isLastAttempt: false },
      { retryCount: 1, isLastAttempt: false },
      { retryCount: 2, isLastAttempt: true },
    ]);
    await queue.stop();
  });
});
