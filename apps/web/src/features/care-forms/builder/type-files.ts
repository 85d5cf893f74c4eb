import { TRPCClientError } from '@trpc/client';
import type { CareFormPdfFile } from '@hearth/shared/care-forms/care-forms.schema';
import type { Questionnaire } from './questionnaire-tree';

/*
 * Files of care form types in the browser: the export of a type's Questionnaire JSON (issue 23 item 1: "export of
 * Questionnaire JSON", made here from careFormTypes.detail's definition), the blank PDF careFormTypes.pdf answers,
 * and the problems a refused import or save names.
 */

/** How long a download's object URL lives: long enough for the browser to save it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands `blob` to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * The file name of a type's export: its name in lower-case ASCII words joined by hyphens, its version, ".json"
 * ("Client intake", 2 -> "client-intake-v2.json"; a name without such letters -> "care-form-type-v2.json").
 */
export function exportFileName(name: string, version: number): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'care-form-type'}-v${version}.json`;
}

/**
 * The JSON a type exports: its Questionnaire with the type's name as title when it has none, indented by two
 * spaces, ending in a newline (importJson takes it back as it is).
 */
export function exportJson(definition: Questionnaire, name: string): string {
  const questionnaire: Questionnaire = definition.title ? definition : { ...definition, title: name };
  return `${JSON.stringify(questionnaire, null, 2)}\n`;
}

/** Downloads a type's Questionnaire JSON (exportJson) as exportFileName(name, version). */
export function downloadTypeJson(type: { name: string; version: number; definition: Questionnaire }): void {
  saveBlob(
    new Blob([exportJson(type.definition, type.name)], { type: 'application/fhir+json' }),
    exportFileName(type.name, type.version),
  );
}

/** Downloads a PDF the server answered as base64 (careFormTypes.pdf) under its file name. */
export function downloadPdf(file: CareFormPdfFile): void {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(new Blob([bytes], { type: file.contentType }), file.fileName);
}

/** A failed call's problems as the server words them: its message and every field error, in the reader's language. */
export interface CallProblems {
  message: string;
  /** Every field error as "field: message" (the field left out when it names the whole input). */
  details: string[];
}

/** Field names that stand for the whole input, so their messages are shown without them. */
const WHOLE_INPUT_FIELDS = new Set(['', 'json', 'definition', '_form']);

/**
 * The problems of a refused tRPC call (a 400 of importJson or update lists each problem of the Questionnaire as a
 * field error): the message and all field errors in order, not only the first of each field; other errors give
 * their message alone.
 */
export function problemsOf(error: unknown): CallProblems {
  const message = error instanceof Error && error.message ? error.message : '';
  if (!(error instanceof TRPCClientError)) return { message, details: [] };
  const data = error.data as { fieldErrors?: Record<string, string[] | undefined> | null } | undefined;
  const details = Object.entries(data?.fieldErrors ?? {}).flatMap(([field, messages]) =>
    (messages ?? []).map((text) => (WHOLE_INPUT_FIELDS.has(field) || text.includes(field) ? text : `${field}: ${text}`)),
  );
  return { message, details };
}
