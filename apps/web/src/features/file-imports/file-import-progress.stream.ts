import { ZFileImportProgress, type FileImportProgress } from '@hearth/shared/file-imports/file-imports.schema';
import { HttpError } from '@/api/api-error';
import { messageOf } from '@/api/rest';
import { i18n } from '@/i18n/i18n.setup';
import { expireSession } from '@/api/session';
import { apiHeaders } from '@/api/trpc';
import { createSseParser } from './file-import-progress.sse';

/** The progress events' address (same origin; the bearer header authenticates, which EventSource cannot send). */
export const progressUrl = (fileImportId: number) => `/api/file-imports/${fileImportId}/progress`;

/**
 * Reads the progress stream of one import with fetch and a stream reader (not EventSource: it cannot send the
 * Authorization header the app signs in with) and calls `onProgress` for every well-formed event; events that
 * are not a FileImportProgress are skipped. Resolves when the server ends the stream (after a final status) or
 * `signal` aborts it (then rejects with the AbortError).
 * @throws HttpError with the server's message for a non-2xx answer (a 401 also ends the session).
 */
export async function readFileImportProgress(
  fileImportId: number,
  onProgress: (progress: FileImportProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(progressUrl(fileImportId), {
    headers: { ...apiHeaders(), Accept: 'text/event-stream' },
    signal,
    cache: 'no-store',
  });
  if (!response.ok) {
    if (response.status === 401) expireSession();
    throw new HttpError(response.status, await messageOf(response));
  }
  if (!response.body) throw new Error(i18n.t('errors.streamUnreadable', { ns: 'files' }));
  const parser = createSseParser((data) => {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = ZFileImportProgress.safeParse(json);
    if (parsed.success) onProgress(parsed.data);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } finally {
    parser.end();
    reader.releaseLock();
  }
}
