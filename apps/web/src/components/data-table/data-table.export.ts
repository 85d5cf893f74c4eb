import type { ViewFilter, ViewSort } from '@hearth/shared/views/views.schema';

/** What an export reproduces: the table's filters, sort, search and visible columns (every page). */
export interface ExportState {
  filters: ViewFilter[];
  sort: ViewSort[];
  search: string;
  columns: string[];
}

export type ExportFormat = 'csv' | 'xlsx';

/** The export endpoint of a view for the current state. */
export function exportUrl(view: string, format: ExportFormat, state: ExportState): string {
  const body = { filters: state.filters, sort: state.sort, search: state.search || undefined, columns: state.columns };
  return `/api/views/${encodeURIComponent(view)}/export?format=${format}&state=${encodeURIComponent(JSON.stringify(body))}`;
}

/** The file name a Content-Disposition header gives (RFC 6266 `filename*` first), or the fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[1].trim()), fallback);
    } catch {
      // A malformed escape: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? sanitizeFilename(name.trim(), fallback) : fallback;
}

function sanitizeFilename(name: string, fallback: string): string {
  const cleaned = name.replace(/[/\\\r\n]/g, '_');
  return cleaned || fallback;
}

/** `users-2026-01-05.csv`: the name the server would give, for when it gives none. */
export function defaultExportFilename(view: string, format: ExportFormat, today = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${view}-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.${format}`;
}
