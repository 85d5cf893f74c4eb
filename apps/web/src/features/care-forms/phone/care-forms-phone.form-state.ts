import { useCallback, useEffect, useRef, useState } from 'react';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import type { AnyDraft, QuestionnaireResponseItem } from '../care-forms-offline.records';
import type { CareFormsOfflineBox, DraftTarget } from '../care-forms-offline.store';

/** A form's answers on the fill page, and what the phone holds of it. */
export interface FormOnPhone {
  /** The draft stored when the page opened (undefined: none). */
  draft: AnyDraft | undefined;
  /** Whether the stored draft is still being read. */
  loading: boolean;
  /** The answers shown: the draft's, else the server's, as the caregiver changes them; null until known. */
  items: QuestionnaireResponseItem[] | null;
  /** Whether the caregiver changed answers since the last save. */
  dirty: boolean;
  /** A form started here that the sync created meanwhile: its id (the page moves to it). */
  createdAs: number | undefined;
  change: (items: QuestionnaireResponseItem[]) => void;
  /** The answers `saved` are kept: no longer dirty, unless the caregiver changed them since. */
  markSaved: (saved: QuestionnaireResponseItem[]) => void;
}

/**
 * The answers of one form on the phone: read first from its stored draft (what the caregiver saved on the phone wins
 * over the server's copy), else from the server's detail once it arrives; a create draft the sync has created gives
 * the new form's id instead.
 * @param routeId the form's id, or the clientRecordId of a form started on the phone; null for neither
 */
export function useFormOnPhone(
  box: CareFormsOfflineBox,
  routeId: { formId: number } | { clientRecordId: string } | null,
  detail: CareFormDetail | undefined,
): FormOnPhone {
  const key = routeId ? ('formId' in routeId ? `f${routeId.formId}` : `c${routeId.clientRecordId}`) : '';
  const [state, setState] = useState<{ key: string; draft: AnyDraft | undefined; loading: boolean; createdAs?: number }>({
    key,
    draft: undefined,
    loading: true,
  });
  const [edited, setEdited] = useState<{ key: string; items: QuestionnaireResponseItem[] } | null>(null);
  const [dirty, setDirty] = useState(false);
  const lastChange = useRef<QuestionnaireResponseItem[] | null>(null);

  useEffect(() => {
    if (!key) return;
    let live = true;
    const clientRecordId = key.startsWith('c') ? key.slice(1) : null;
    const target: DraftTarget =
      clientRecordId === null
        ? { formId: Number(key.slice(1)), label: { typeName: '', clientName: '', shiftStart: null } }
        : { clientRecordId };
    void (async () => {
      const draft = await box.draftOf(target).catch(() => undefined);
      const createdAs =
        clientRecordId !== null && draft?.kind !== 'create'
          ? await box.createdFormId(clientRecordId).catch(() => undefined)
          : undefined;
      if (live) setState({ key, draft, loading: false, createdAs });
    })();
    return () => {
      live = false;
    };
  }, [box, key]);

  const change = useCallback(
    (next: QuestionnaireResponseItem[]) => {
      lastChange.current = next;
      setEdited({ key, items: next });
      setDirty(true);
    },
    [key],
  );
  const markSaved = useCallback((saved: QuestionnaireResponseItem[]) => {
    if (lastChange.current === null || lastChange.current === saved) setDirty(false);
  }, []);
  const mine = state.key === key;
  return {
    draft: mine ? state.draft : undefined,
    loading: !mine || state.loading,
    items:
      edited?.key === key ? edited.items : mine && !state.loading ? (state.draft?.field_data ?? detail?.items ?? null) : null,
    dirty,
    createdAs: mine ? state.createdAs : undefined,
    change,
    markSaved,
  };
}
