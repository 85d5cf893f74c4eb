import { expect } from 'vitest';
import type {
  FileImportOutput,
  FileImportProgress,
  QueueFileImportOutput,
} from '@hearth/shared/file-imports/file-imports.schema';
import { FILE_IMPORT_XLSX_CONTENT_TYPE } from '@hearth/shared/file-imports/file-imports.constants';
import type { TestApp } from '../../test/test-app';

/** Calls procedures as signed-in demo users; `ok` throws on anything but 200, `call` returns status and body. */
export function callerOf(t: TestApp, tokens: Record<string, string>) {
  async function call(kind: 'query' | 'mutation', procedure: string, input: unknown, as: string) {
    const res = await t.trpc(kind, procedure, input, tokens[as]);
    return { status: res.status, data: res.body.result?.data, error: res.body.error };
  }
  async function ok<T>(kind: 'query' | 'mutation', procedure: string, input: unknown, as: string): Promise<T> {
    const res = await call(kind, procedure, input, as);
    if (res.status !== 200) throw new Error(`${procedure} as ${as}: ${res.status} ${res.error?.message}`);
    return res.data as T;
  }
  return { call, ok };
}

/** What a test imports: the type, the bytes, and optionally a name, content type and branch. */
export interface ImportRequest {
  type: string;
  bytes: Buffer;
  fileName?: string;
  contentType?: string;
  branchId?: number;
}

/** Queues an import as `as` and PUTs its bytes to the upload URL over real HTTP. @returns the import id. */
export async function uploadImport(t: TestApp, tokens: Record<string, string>, as: string, request: ImportRequest) {
  const xlsx = request.fileName?.endsWith('.xlsx') ?? false;
  const contentType = request.contentType ?? (xlsx ? FILE_IMPORT_XLSX_CONTENT_TYPE : 'text/csv');
  const queued = await callerOf(t, tokens).ok<QueueFileImportOutput>(
    'mutation',
    'queueFileImport',
    {
      type: request.type,
      fileName: request.fileName ?? `${request.type}.csv`,
      fileSizeBytes: request.bytes.length,
      contentType,
      ...(request.branchId ? { branchId: request.branchId } : {}),
    },
    as,
  );
  const put = await t.fetch(queued.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: request.bytes });
  expect(put.status).toBe(200);
  return queued.id;
}

/**
 * Waits until an import is completed or failed, asking getFileImport again after each turn of the event loop (a
 * state, never a timer), and returns it.
 */
export async function finalImport(t: TestApp, tokens: Record<string, string>, as: string, id: number) {
  const { ok } = callerOf(t, tokens);
  for (;;) {
    const fileImport = await ok<FileImportOutput>('query', 'getFileImport', { id }, as);
    if (fileImport.status === 'completed' || fileImport.status === 'failed') return fileImport;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Opens the progress stream of an import (GET /api/file-imports/{id}/progress).
 * @returns the HTTP status and `next()`, which resolves with the next event, or null once the stream ended.
 */
export async function openProgress(t: TestApp, token: string, id: number) {
  const res = await t.fetch(`/api/file-imports/${id}/progress`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) {
    await res.body?.cancel();
    return { status: res.status, next: async (): Promise<FileImportProgress | null> => null };
  }
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  async function next(): Promise<FileImportProgress | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('data: ')) return JSON.parse(block.slice('data: '.length)) as FileImportProgress;
        continue;
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  }
  return { status: res.status, next };
}

/** Reads the progress stream of an import to its end. @returns the HTTP status and the events in order. */
export async function progressEvents(t: TestApp, token: string, id: number) {
  const stream = await openProgress(t, token, id);
  const events: FileImportProgress[] = [];
  for (let event = await stream.next(); event; event = await stream.next()) events.push(event);
  return { status: stream.status, events };
}

/** Uploads a file, waits for the import through its progress stream, and returns the import as getFileImport. */
export async function runImport(t: TestApp, tokens: Record<string, string>, as: string, request: ImportRequest) {
  const id = await uploadImport(t, tokens, as, request);
  await progressEvents(t, tokens[as]!, id);
  return callerOf(t, tokens).ok<FileImportOutput>('query', 'getFileImport', { id }, as);
}

/** A CSV of rows (each cell written as is: tests give plain values), LF line ends. */
export function csv(rows: string[][]): Buffer {
  return Buffer.from(rows.map((r) => r.join(',')).join('\n') + '\n', 'utf8');
}
