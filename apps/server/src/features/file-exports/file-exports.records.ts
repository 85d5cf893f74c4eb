import { sql } from 'drizzle-orm';
import type { FileExportParams } from '@hearth/shared/file-exports/file-exports.schema';
import type { FileExportKind } from '@hearth/shared/file-exports/file-exports.constants';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { describeZodError } from '../../errors/zod-errors';
import { authorizeView } from '../views/views.service';
import { compileSort, compileWhere } from '../views/views.query';
import { exportView, ZExportViewInput, type ExportViewInput } from '../views/views.export';
import type { BuiltExportFile, ExportRun } from './file-exports.files';

/**
 * The record kinds (clients, caregivers, shifts): the view of the same name on the view engine, exported as the
 * list screen exports it (views.export.ts exportView: every row of the state, CSV with a BOM or XLSX), run as a job.
 */

/**
 * The view export input of a record export: the view named after the kind, params.format (csv unless xlsx) and
 * params.view's filters, sort, search and columns.
 * @throws AppError BAD_REQUEST naming the bad part of params.view.
 */
function viewInputOf(kind: FileExportKind, params: FileExportParams): ExportViewInput {
  const parsed = ZExportViewInput.safeParse({
    view: kind,
    format: params.format ?? 'csv',
    filters: params.view?.filters ?? [],
    sort: params.view?.sort ?? [],
    search: params.view?.search,
    columns: params.view?.columns,
  });
  if (!parsed.success) {
    const { message, fieldErrors } = describeZodError(parsed.error);
    throw new AppError(
      'BAD_REQUEST',
      `params.view: ${message}`,
      Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [`params.view.${k}`, v])),
    );
  }
  return parsed.data;
}

/**
 * Checks a record export's view state for a scope before it is queued, as exportView will: the role may read the
 * view and its tables, the columns exist, the filters, sort and search compile.
 * @returns the view input the job will use.
 * @throws AppError BAD_REQUEST (bad state or column), FORBIDDEN (view or table not permitted).
 */
export function checkRecordExportParams(scope: Scope, kind: FileExportKind, params: FileExportParams): ExportViewInput {
  const input = viewInputOf(kind, params);
  const view = authorizeView(scope, input.view);
  for (const key of input.columns ?? []) {
    if (!view.columns.some((c) => c.key === key))
      throw new AppError('BAD_REQUEST', `Unknown column "${key}" in view ${view.name}`);
  }
  compileWhere(scope, view, { filters: input.filters, sort: input.sort, search: input.search });
  compileSort(view, input.sort);
  return input;
}

/**
 * Builds a record export: the view's rows in the run's scope (the requester's, narrowed to the export's branch)
 * streamed as CSV or XLSX by exportView, with the row count from the same filters.
 * @throws AppError as checkRecordExportParams.
 */
export async function buildRecordExport(run: ExportRun): Promise<BuiltExportFile> {
  const input = checkRecordExportParams(run.scope, run.type.kind, run.params);
  const view = authorizeView(run.scope, input.view);
  const { from, where } = compileWhere(run.scope, view, { filters: input.filters, sort: input.sort, search: input.search });
  const counted = (await run.scope.db.execute(sql`select count(*)::int as n from ${from} where ${where}`)) as unknown as {
    rows: { n: number }[];
  };
  const file = exportView({ scope: run.scope, input });
  return { body: file.stream, contentType: file.contentType, extension: input.format, rowCount: counted.rows[0]?.n ?? 0 };
}
