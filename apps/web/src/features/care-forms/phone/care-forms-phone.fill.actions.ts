import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import type { AnyDraft } from '../care-forms-offline.records';
import type { CareFormsOfflineBox, DraftTarget } from '../care-forms-offline.store';
import { syncAndRefresh, usePhoneDeps } from './care-forms-phone.context';
import { PHONE_KEYS } from './care-forms-phone.data';
import type { FormOnPhone } from './care-forms-phone.form-state';

/** What the fill page's buttons do, and what they last said. */
export interface FillActions {
  message: string | null;
  error: string | null;
  setError: (error: string | null) => void;
  save: () => Promise<void>;
  sign: (signature: string) => Promise<void>;
  undoSigning: (queued: AnyDraft) => Promise<void>;
  /** Throws the phone's draft away after the caregiver confirms (what the server holds stays), then back to the list. */
  discard: () => Promise<void>;
}

/** How long the caregiver pauses before their answers are kept on the phone without pressing Save (ms). */
const AUTOSAVE_AFTER_MS = 1500;

/**
 * Keeps the answers on the phone (a draft, not synced) once the caregiver pauses, so that leaving the page, a flat
 * battery or a reload never loses what was typed. Only while there are unsaved changes: a save, or a signing, stops it.
 */
function useAutosave(box: CareFormsOfflineBox, target: DraftTarget | null, form: FormOnPhone, onSaved: () => void): void {
  const { compactItems } = usePhoneDeps();
  const { items, dirty, markSaved } = form;
  // The latest target and callback, read when the timer fires: new objects at each render must not restart it.
  const latest = useRef({ target, onSaved });
  useEffect(() => {
    latest.current = { target, onSaved };
  });
  const ready = target !== null;
  useEffect(() => {
    if (!dirty || !ready || !items) return;
    const timer = window.setTimeout(() => {
      const { target: now, onSaved: told } = latest.current;
      if (!now) return;
      void box
        .saveAnswers(now, compactItems(items))
        .then(() => {
          markSaved(items);
          told();
        })
        .catch(() => undefined);
    }, AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [box, ready, items, dirty, markSaved, compactItems]);
}

/**
 * The fill page's writes: "Save draft" (the answers kept on the phone, then a sync), the signing (queued with the
 * answers, then a sync: online it completes at once), undoing a queued signing, and the autosave of answers on a pause
 * (useAutosave). After a sync that created a form
 * started here, the page moves to the new form's address.
 * @param target the draft's target; null while unknown (nothing to save yet)
 */
export function useFillActions(box: CareFormsOfflineBox, target: DraftTarget | null, form: FormOnPhone): FillActions {
  const { t } = useTranslation('careFormsPhone');
  const { compactItems } = usePhoneDeps();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useAutosave(box, target, form, () => setMessage(t('draft.keptOnPhone')));

  const afterWrite = async (signed: boolean) => {
    const result = await syncAndRefresh(box, () => queryClient.invalidateQueries({ queryKey: PHONE_KEYS.all })).catch(() => null);
    const created =
      result && !('skipped' in result) && target && 'clientRecordId' in target
        ? result.created[target.clientRecordId]
        : undefined;
    if (created !== undefined) void navigate(`/app/care-forms/${created}`, { replace: true });
    const waiting = target ? await box.draftOf(target).catch(() => undefined) : undefined;
    if (signed) setMessage(t(waiting ? 'fill.signedQueued' : 'fill.signed'));
    else setMessage(t(waiting ? 'draft.savedOnPhone' : 'draft.saved'));
  };

  return {
    message,
    error,
    setError,
    save: async () => {
      if (!target || !form.items) return;
      setError(null);
      try {
        const saved = form.items;
        await box.saveAnswers(target, compactItems(saved));
        form.markSaved(saved);
        await afterWrite(false);
      } catch (e) {
        setError(errorMessageOf(e));
      }
    },
    sign: async (signature) => {
      if (!target || !form.items) return;
      setError(null);
      try {
        if ('formId' in target) await box.clearProblems(target.formId);
        const signed = form.items;
        await box.signOffline(target, compactItems(signed), signature);
        form.markSaved(signed);
        await afterWrite(true);
      } catch (e) {
        setError(errorMessageOf(e));
      }
    },
    discard: async () => {
      const draft = target ? await box.draftOf(target).catch(() => undefined) : undefined;
      if (!draft || !window.confirm(t('draft.discardConfirm'))) return;
      await box.discardDraft(draft);
      void navigate('/app/care-forms', { replace: true });
    },
    undoSigning: async (queued) => {
      if (!target) return;
      await box.saveAnswers(target, queued.field_data, null);
      setMessage(null);
    },
  };
}
