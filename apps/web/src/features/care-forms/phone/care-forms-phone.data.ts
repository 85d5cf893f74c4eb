/**
 * The phone's care forms data (issue 23 item 3): the caregiver's forms (careForms.mine), the types they may start
 * (careForms.startable, with definitions), one form (careForms.detail) and a type's blank PDF (careFormTypes.pdf),
 * fetched online and kept in the offline box (care-forms-offline.store.ts) for reading offline; on a network-type
 * failure (api/sync-outcome.ts 'keep') the kept copy answers, marked `fromCache`. The queries run in network mode
 * 'always', so that offline they fail at once and fall back instead of pausing.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  CareFormDetail,
  CareFormPdfFile,
  CareFormSummary,
  StartableCareFormType,
} from '@hearth/shared/care-forms/care-forms.schema';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import type { CareFormsOfflineBox } from '../care-forms-offline.store';

/** Data from the server, or from the phone's copy when the server could not be reached. */
export type Fetched<T> = { value: T; fromCache: boolean };

/** The phone's query keys (their data carries `fromCache`). */
export const PHONE_KEYS = {
  all: ['care-forms', 'phone'] as const,
  mine: ['care-forms', 'phone', 'mine'] as const,
  startable: ['care-forms', 'phone', 'startable'] as const,
  detail: (id: number) => ['care-forms', 'phone', 'detail', id] as const,
};

/** Nothing reachable and nothing kept: retrying offline cannot help. */
export class NotKeptOfflineError extends Error {
  constructor(message: string) {
    super(message);
  }
}

/**
 * Runs `online`; on a network-type failure answers `cached` instead (undefined: NotKeptOfflineError with `missing`).
 * Saving what came online is not awaited: the screen shows first.
 * @throws the server's other errors (404, 403), and NotKeptOfflineError
 */
async function withFallback<T>(
  online: () => Promise<T>,
  save: (value: T) => Promise<void>,
  cached: () => Promise<T | undefined>,
  missing: string,
): Promise<Fetched<T>> {
  try {
    if (!navigator.onLine) throw new TypeError('offline');
    const value = await online();
    void save(value).catch(() => undefined);
    return { value, fromCache: false };
  } catch (error) {
    if (syncOutcome(error) !== 'keep') throw error;
    const kept = await cached().catch(() => undefined);
    if (kept === undefined) throw new NotKeptOfflineError(missing);
    return { value: kept, fromCache: true };
  }
}

/** careForms.mine: the caregiver's forms (assigned to them or started by them), newest first. */
export function useMyForms(box: CareFormsOfflineBox) {
  return useQuery({
    queryKey: PHONE_KEYS.mine,
    networkMode: 'always',
    queryFn: () =>
      withFallback<CareFormSummary[]>(
        () => trpcClient.careForms.mine.query(),
        (forms) => box.saveMine(forms),
        async () => box.readMine(),
        i18n.t('careFormsPhone:list.notKept'),
      ),
  });
}

/** careForms.startable: the types the caregiver may start, with their definitions (to fill them offline). */
export function useStartableTypes(box: CareFormsOfflineBox) {
  return useQuery({
    queryKey: PHONE_KEYS.startable,
    networkMode: 'always',
    queryFn: () =>
      withFallback<StartableCareFormType[]>(
        () => trpcClient.careForms.startable.query(),
        (types) => box.saveStartable(types),
        async () => box.readStartable(),
        i18n.t('careFormsPhone:start.noTypes'),
      ),
  });
}

/** careForms.detail {id}: one form with its type's definition; kept among the 50 newest on the phone. */
export function useFormDetail(box: CareFormsOfflineBox, formId: number | null) {
  return useQuery({
    queryKey: PHONE_KEYS.detail(formId ?? 0),
    enabled: formId !== null,
    networkMode: 'always',
    queryFn: () =>
      withFallback<CareFormDetail>(
        () => trpcClient.careForms.detail.query({ id: formId! }),
        (detail) => box.saveDetail(detail),
        () => box.readDetail(formId!),
        i18n.t('careFormsPhone:fill.notKept'),
      ),
  });
}

/** careFormTypes.pdf {id} -> the type's blank form for paper back-up ({fileName, contentType, base64}). */
function fetchTypePdf(typeId: number): Promise<CareFormPdfFile> {
  return trpcClient.careFormTypes.pdf.query({ id: typeId });
}

/**
 * Fetches a type's blank PDF and keeps it on the phone (careFormTypes.pdf), unless it is kept already; quiet on
 * failure (it is a back-up for paper, fetched again next time).
 */
export async function keepTypePdf(box: CareFormsOfflineBox, typeId: number): Promise<void> {
  if (!navigator.onLine || (await box.readTypePdf(typeId).catch(() => undefined))) return;
  const file = await fetchTypePdf(typeId);
  await box.saveTypePdf(typeId, file);
}

/**
 * Opens a type's blank PDF: fetched online (and kept), else the phone's copy.
 * @throws NotKeptOfflineError when offline and never kept; the server's errors
 */
export async function openTypePdf(box: CareFormsOfflineBox, typeId: number): Promise<void> {
  let file = await box.readTypePdf(typeId).catch(() => undefined);
  if (!file && navigator.onLine) {
    const fetched = await fetchTypePdf(typeId);
    await box.saveTypePdf(typeId, fetched).catch(() => undefined);
    file = { typeId, fileName: fetched.fileName, base64: fetched.base64, cachedAt: '' };
  }
  if (!file) throw new NotKeptOfflineError(i18n.t('careFormsPhone:fill.pdfNotKept'));
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
