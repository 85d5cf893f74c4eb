import type { CareFormStatus } from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import type { QuestionnaireProblem } from '@hearth/shared/care-forms/questionnaire-problem';
import { initialItems, pruneDisabled } from '@hearth/shared/care-forms/questionnaire-rules';
import type { QuestionnaireResponseItem } from './renderer/fhir-types';
import { compactResponseItems } from './renderer/response-items';

/*
 * The staff screens' rules for one care form (issue 23 item 2), pure so each is tested: what a form opens with,
 * what is sent to save or complete it, its problems by question, and its status' colour.
 */

/** Wait after the last change before a form in progress is saved on its own, in milliseconds. */
export const CARE_FORM_AUTOSAVE_MS = 3000;

/**
 * The answers a form opens with: its saved answers, or, for a form still in progress that nothing was ever answered
 * in, the type's initial answers (FHIR initial[x] and initialSelected: the server starts forms without answers).
 */
export function startingItems(detail: Pick<CareFormDetail, 'items' | 'editable' | 'type'>): QuestionnaireResponseItem[] {
  if (detail.items.length > 0 || !detail.editable) return detail.items;
  return initialItems(detail.type.definition);
}

/** The answers a draft is saved with (careForms.saveInProgress): untouched group instances left out. */
export function draftItems(items: readonly QuestionnaireResponseItem[]): QuestionnaireResponseItem[] {
  return compactResponseItems(items);
}

/**
 * The answers a form is completed with (careForms.complete): without the answers of questions enableWhen now hides
 * (FHIR R4: a completed response keeps no answers to disabled items) and untouched group instances.
 */
export function finalItems(
  detail: Pick<CareFormDetail, 'type'>,
  items: readonly QuestionnaireResponseItem[],
): QuestionnaireResponseItem[] {
  return compactResponseItems(pruneDisabled(detail.type.definition, items));
}

/**
 * The problems to show under the fields, one per question (the first), worded by `word` (the server catalogue in the
 * shown language); a problem of the form as a whole goes under the key "items".
 */
export function problemsByLinkId(
  problems: readonly Pick<QuestionnaireProblem, 'linkId' | 'key' | 'values'>[],
  word: (key: string, values: Record<string, string | number>) => string,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const p of problems) found[p.linkId ?? 'items'] ??= word(p.key, p.values);
  return found;
}

/** The colour of a status badge: in progress yellow, completed green, amended (signed again) blue. */
export function statusColor(status: CareFormStatus): string {
  return status === 'in-progress' ? 'yellow' : status === 'completed' ? 'green' : 'blue';
}

/** A PDF sent as base64 (careForms.pdf) as the bytes a Blob holds. */
export function pdfBytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
