import { useState } from 'react';
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
}

/**
 * The fill page's writes: "Save draft" (the answers kept on the phone, then a sync), the signing (queued with the
 * answers, then a sync: online it completes at once), undoing a queued signing. After a sync that created a form
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
        await box.saveAnswers(target, compactItems(form.items));
        form.markSaved();
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
        await box.signOffline(target, compactItems(form.items), signature);
        form.markSaved();
        await afterWrite(true);
      } catch (e) {
        setError(errorMessageOf(e));
      }
    },
    undoSigning: async (queued) => {
      if (!target) return;
      await box.saveAnswers(target, queued.field_data, null);
      setMessage(null);
    },
  };
}
