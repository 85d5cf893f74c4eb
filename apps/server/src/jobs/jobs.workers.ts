import type { JobQueue } from './jobs.queue';
import type { JobDeps } from './jobs.deps';
import { recoverFileTransfers, recoverInterruptedImports } from './jobs.recovery';
import { STALE_PENDING_FILE_AGE_SECONDS } from '@hearth/shared/files/files.constants';
import { deleteStalePendingFiles } from '../features/files/files.service';
import { runPatternHorizonJob } from '../features/shifts/shift-patterns.job';
import { runFileImportJob } from '../features/file-imports/file-imports.job';
import { deleteExpiredFileExports, runFileExportJob } from '../features/file-exports/file-exports.job';
import { deleteExpiredAccessLog } from '../features/access-log/access-log.retention';
import { failLostDeliveries, runDeliverMessageJob } from '../features/notify/notify.delivery';
import { remindUpcomingVisits } from '../features/notifications/visit-reminders.job';
import { alertLateVisits } from '../features/notifications/late-visits.job';
import { announceExpiries } from '../features/notifications/expiries.job';
import { pruneLiveEvents } from '../features/live/live.prune';
import { deleteStaleChatUploads } from '../features/chat/chat-attachments.uploads';
import { deleteStaleCaseUploads } from '../features/cases/cases.uploads';
import { sendChatFallbacks } from '../features/chat/chat-fallback.job';

/**
 * Starts this process's workers on every queue and the recurring schedules (UTC cron):
 * - `file-import`, `file-export`: one job per import or export (queued by their procedures);
 * - `extend-pattern-horizons`: at start and daily at 03:15 (recurring patterns' 60-day horizon);
 * - `delete-stale-pending-files`: hourly (uploads that never arrived, files.service deleteStalePendingFiles; chat
 *   attachments never sent, chat-attachments.uploads deleteStaleChatUploads; case uploads that never arrived,
 *   cases.uploads deleteStaleCaseUploads);
 * - `delete-expired-file-exports`: hourly at :30 (export files past their retention);
 * - `recover-file-transfers`: at start and every minute (imports whose process was killed are resumed or failed
 *   with the reason, imports and exports left without their job, uploads that never arrived: jobs.recovery.ts).
 * - `delete-expired-access-log`: daily at 03:45 (access log entries past their company's retention, the only
 *   deletion the log allows: access-log.retention.ts).
 * - `deliver-message`: one job per outbox message of a delivered channel (queued by notify() in the writing
 *   transaction): sends it through its channel's driver and records sent, or failed with the reason
 *   (notify.delivery.ts).
 * - `recover-deliveries`: every 5 minutes (messages left queued by a process killed during their last attempt are
 *   failed with the reason, notify.delivery.ts failLostDeliveries).
 * - `visit-reminders` and `late-visit-alerts`: every minute (caregivers reminded two hours before a visit; the
 *   office alerted of a visit not checked in 15 minutes after its start: features/notifications);
 * - `expiry-notices`: at start and daily at 12:00 UTC, the office's morning in the US (credentials and
 *   authorizations ending within 30 days).
 * - `prune-live-events`: hourly at :20 (live events older than a day, features/live/live.prune.ts).
 * - `chat-fallback`: every minute (chat messages unread for 15 minutes go by SMS or email, chat-fallback.job.ts).
 * A failed run is retried by the queue and, past its retries, left failed with the reason (pg-boss's job output).
 */
export async function startWorkers(queue: JobQueue, deps: JobDeps): Promise<void> {
  await queue.work('file-import', (job) => runFileImportJob(deps, job));
  await queue.work('file-export', (job) => runFileExportJob(deps, job));
  await queue.work('extend-pattern-horizons', async () => {
    await runPatternHorizonJob(deps.db, deps.log);
  });
  await queue.work('delete-stale-pending-files', async () => {
    const olderThan = new Date(Date.now() - STALE_PENDING_FILE_AGE_SECONDS * 1000);
    const done = await deleteStalePendingFiles({ db: deps.db, storage: deps.storage, olderThan });
    if (done.deleted + done.promoted > 0) {
      deps.log.info(`Pending uploads: ${done.deleted} abandoned removed, ${done.promoted} completed`);
    }
    const chat = await deleteStaleChatUploads({ db: deps.db, storage: deps.storage, olderThan });
    if (chat.deleted + chat.promoted > 0) {
      deps.log.info(`Chat attachments: ${chat.deleted} never sent removed, ${chat.promoted} completed`);
    }
    const cases = await deleteStaleCaseUploads({ db: deps.db, storage: deps.storage, olderThan });
    if (cases.deleted + cases.promoted > 0) {
      deps.log.info(`Case attachments: ${cases.deleted} never uploaded removed, ${cases.promoted} completed`);
    }
  });
  await queue.work('delete-expired-file-exports', async () => {
    const done = await deleteExpiredFileExports(deps);
    if (done.expired > 0) deps.log.info(`File exports: ${done.expired} expired and removed`);
  });
  await queue.work('recover-file-transfers', async () => {
    const interrupted = await recoverInterruptedImports({ db: deps.db, jobs: queue });
    for (const id of interrupted.resumed) deps.log.info(`File import ${id}: its process had stopped; resumed`);
    for (const id of interrupted.failed) deps.log.info(`File import ${id}: its process had stopped; failed with the reason`);
    const done = await recoverFileTransfers({ db: deps.db, storage: deps.storage, jobs: queue });
    if (done.requeued + done.abandoned > 0) {
      deps.log.info(`File transfers: ${done.requeued} jobs sent again, ${done.abandoned} abandoned uploads closed`);
    }
  });
  await queue.work('delete-expired-access-log', async () => {
    const done = await deleteExpiredAccessLog(deps.db);
    if (done.deleted > 0) deps.log.info(`Access log: ${done.deleted} entries past their retention removed`);
  });
  await queue.work('deliver-message', (job) => runDeliverMessageJob(deps.db, job));
  await queue.work('recover-deliveries', async () => {
    const done = await failLostDeliveries(deps.db);
    if (done.failed > 0) deps.log.info(`Messages: ${done.failed} left queued by a stopped process failed`);
  });
  await queue.schedule('recover-deliveries', '*/5 * * * *');
  await queue.work('visit-reminders', async () => {
    const done = await remindUpcomingVisits(deps.db);
    if (done.reminded > 0) deps.log.info(`Visit reminders: ${done.reminded} caregivers reminded`);
  });
  await queue.work('late-visit-alerts', async () => {
    const done = await alertLateVisits(deps.db);
    if (done.alerted > 0) deps.log.info(`Late visits: ${done.alerted} alerted to their offices`);
  });
  await queue.work('expiry-notices', async () => {
    const done = await announceExpiries(deps.db);
    if (done.credentials + done.authorizations > 0) {
      deps.log.info(`Expiry notices: ${done.credentials} credentials, ${done.authorizations} authorizations`);
    }
  });
  await queue.work('prune-live-events', async () => {
    const done = await pruneLiveEvents(deps.db);
    if (done.deleted > 0) deps.log.info(`Live events: ${done.deleted} older than a day removed`);
  });
  await queue.schedule('prune-live-events', '20 * * * *');
  await queue.work('chat-fallback', async () => {
    const done = await sendChatFallbacks(deps.db);
    if (done.messages > 0) deps.log.info(`Chat: ${done.messages} texts and emails of unread messages sent`);
  });
  await queue.schedule('chat-fallback', '* * * * *');
  await queue.schedule('visit-reminders', '* * * * *');
  await queue.schedule('late-visit-alerts', '* * * * *');
  await queue.schedule('expiry-notices', '0 12 * * *');
  await queue.send('expiry-notices', {}, { singletonKey: 'at-start' });
  await queue.schedule('extend-pattern-horizons', '15 3 * * *');
  await queue.schedule('delete-expired-access-log', '45 3 * * *');
  await queue.schedule('delete-stale-pending-files', '0 * * * *');
  await queue.schedule('delete-expired-file-exports', '30 * * * *');
  // Every minute: an import whose process was killed is resumed or failed within a minute of the next start.
  await queue.schedule('recover-file-transfers', '* * * * *');
  await queue.send('extend-pattern-horizons', {}, { singletonKey: 'at-start' });
  await queue.send('recover-file-transfers', {}, { singletonKey: 'at-start' });
}
