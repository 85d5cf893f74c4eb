import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileImportOutput, FileImportProgress } from '@hearth/shared/file-imports/file-imports.schema';
import { httpStatusOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { isFinalImportStatus } from './file-imports.format';
import { readFileImportProgress } from './file-import-progress.stream';

/** Streams without an event in a row before the page polls getFileImport instead. */
const MAX_STREAM_FAILURES = 5;
/** Polling interval when the stream is not available, in milliseconds. */
const POLL_MS = 2000;

/** Waits `ms` unless `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

/** The newer of two readings of the same import: a final status wins, else the one further along. */
function newer(a: FileImportProgress | undefined, b: FileImportProgress | undefined): FileImportProgress | undefined {
  if (!a || !b) return a ?? b;
  if (isFinalImportStatus(a.status) !== isFinalImportStatus(b.status)) return isFinalImportStatus(a.status) ? a : b;
  return b.rowsDone > a.rowsDone || (a.rowsTotal === null && b.rowsTotal !== null) ? b : a;
}

/**
 * One import as it moves: its details from getFileImport and its live progress from the SSE stream
 * (GET /api/file-imports/{id}/progress), reconnecting with a growing pause when the stream drops before a final
 * status. A stream the server refuses (4xx) or that keeps failing is replaced by polling getFileImport every 2 s.
 * On a final status the import's query and the views (the lists) are refreshed.
 * Mount it under `key={id}` so a new import starts from nothing.
 */
export function useFileImportProgress(id: number): {
  details: FileImportOutput | undefined;
  progress: FileImportProgress | undefined;
  error: unknown;
} {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<FileImportProgress | undefined>(undefined);
  const [polling, setPolling] = useState(false);
  const details = useQuery({
    ...trpc.getFileImport.queryOptions({ id }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return polling && status !== undefined && !isFinalImportStatus(status) ? POLL_MS : false;
    },
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const finished = () => {
      void queryClient.invalidateQueries({ queryKey: trpc.getFileImport.queryKey({ id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
    };
    const follow = async () => {
      let failures = 0;
      while (!signal.aborted) {
        let final = false;
        let heard = false;
        try {
          await readFileImportProgress(
            id,
            (progress) => {
              heard = true;
              setLive(progress);
              if (isFinalImportStatus(progress.status)) final = true;
            },
            signal,
          );
        } catch (error) {
          if (signal.aborted) return;
          const status = httpStatusOf(error);
          // A refusal will not change by retrying (no such route, no permission): poll instead.
          if (status !== undefined && status >= 400 && status < 500) {
            setPolling(true);
            return;
          }
        }
        if (final) {
          finished();
          return;
        }
        failures = heard ? 0 : failures + 1;
        if (failures >= MAX_STREAM_FAILURES) {
          setPolling(true);
          return;
        }
        await pause(Math.min(5000, 250 * 2 ** failures), signal);
      }
    };
    void follow();
    return () => controller.abort();
  }, [id, queryClient, trpc]);

  return { details: details.data, progress: newer(details.data, live), error: details.error };
}
