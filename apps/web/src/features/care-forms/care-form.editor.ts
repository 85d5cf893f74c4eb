import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { validateResponse } from '@hearth/shared/care-forms/questionnaire-rules';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { trpcClient } from '@/api/trpc';
import { createTrailingDebounce, type TrailingDebounce } from '@/forms/trailing-debounce';
import { CARE_FORM_AUTOSAVE_MS, draftItems, finalItems, problemsByLinkId, startingItems } from './care-form.rules';
import { useCompleteCareForm, useSaveCareForm } from './care-forms.queries';
import type { QuestionnaireResponseItem } from './renderer/fhir-types';

/** Brings the question `linkId` into view and focuses its first input, for a person fixing a problem. */
function focusQuestion(linkId: string): void {
  const question = document.querySelector(`[data-link-id="${CSS.escape(linkId)}"]`);
  question?.scrollIntoView({ block: 'center' });
  question?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button, canvas')?.focus({ preventScroll: true });
}

/** Where the answers on screen stand against the saved ones. */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

/**
 * The state of a form being filled on /care-forms/{id} (issue 23 item 2): its answers, saved on their own
 * CARE_FORM_AUTOSAVE_MS after the last change (careForms.saveInProgress) or at once with `saveNow`, and saved on
 * leaving the page; `check` runs the shared rules before signing (so missing answers show under their questions
 * before the signature is asked for); `complete` sends the final answers with the signature (careForms.complete)
 * and shows the server's problems under their questions when it refuses.
 */
export function useCareFormEditor(detail: CareFormDetail) {
  const { t } = useTranslation('careForms');
  const [items, setItems] = useState<QuestionnaireResponseItem[]>(() => startingItems(detail));
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [completeError, setCompleteError] = useState<string | null>(null);
  const save = useSaveCareForm();
  const complete = useCompleteCareForm();
  /** Changes since the page opened, and the count last saved: answers typed during a save stay unsaved. */
  const revision = useRef({ changes: 0, saved: 0, items });
  const word = (key: string, values: Record<string, string | number>) => t(key as never, { ns: 'server', ...values }) as string;

  const persist = (rev: number, answers: QuestionnaireResponseItem[]) => {
    setSaveState('saving');
    save.mutate(
      { id: detail.id, items: draftItems(answers) },
      {
        onSuccess: () => {
          revision.current.saved = Math.max(revision.current.saved, rev);
          setSavedAt(new Date());
          setSaveState(revision.current.changes === revision.current.saved ? 'saved' : 'unsaved');
        },
        onError: () => setSaveState('failed'),
      },
    );
  };
  const debounce = useRef<TrailingDebounce<number> | null>(null);
  // The autosave's timer, and on leaving the page a last save of what is not saved yet.
  useEffect(() => {
    const timer = createTrailingDebounce<number>(CARE_FORM_AUTOSAVE_MS, (rev) => persist(rev, revision.current.items));
    debounce.current = timer;
    return () => {
      timer.cancel();
      const r = revision.current;
      // The page is gone, so nothing waits for the answer: the call alone, its failure left to the next visit.
      if (detail.editable && r.changes !== r.saved) {
        trpcClient.careForms.saveInProgress.mutate({ id: detail.id, items: draftItems(r.items) }).catch(() => undefined);
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form: persist and the refs read the latest state
  }, []);

  useUnsavedWarning(saveState !== 'saved');

  const change = (next: QuestionnaireResponseItem[]) => {
    setItems(next);
    // Once problems show, they follow the answers: one answered goes away at once, and the banner's count with it.
    if (Object.keys(problems).length > 0) showProblems(problemsOf(next));
    revision.current = { ...revision.current, changes: revision.current.changes + 1, items: next };
    setSaveState('unsaved');
    debounce.current?.push(revision.current.changes);
  };
  const saveNow = () => {
    debounce.current?.cancel();
    persist(revision.current.changes, revision.current.items);
  };
  /** The shared rules' problems of `answers` as they would be completed, by question. */
  const problemsOf = (answers: QuestionnaireResponseItem[]) =>
    problemsByLinkId(validateResponse(detail.type.definition, finalItems(detail, answers)), word);
  /** The problems shown, then the first question with one brought into view and focused. */
  const showProblems = (found: Record<string, string>): number => {
    setProblems(found);
    const count = Object.keys(found).length;
    setCompleteError(count > 0 ? t('form.fixProblems', { count }) : null);
    return count;
  };
  const check = (): boolean => {
    const found = problemsOf(items);
    const count = showProblems(found);
    if (count > 0) requestAnimationFrame(() => focusQuestion(Object.keys(found)[0]!));
    return count === 0;
  };
  const completeWith = (signature: string, onDone: () => void) => {
    debounce.current?.cancel();
    setCompleteError(null);
    // The completion carries every answer: counted as saved now, so the page's re-render as signed (which ends this
    // editor) does not save the draft of a form already signed. A refusal leaves them unsaved again.
    const savedBefore = revision.current.saved;
    revision.current.saved = revision.current.changes;
    complete.mutate(
      { id: detail.id, items: finalItems(detail, items), signature },
      {
        onSuccess: () => {
          setProblems({});
          onDone();
        },
        onError: (error) => {
          revision.current.saved = savedBefore;
          setProblems(fieldErrorsOf(error));
          setCompleteError(errorMessageOf(error));
          onDone();
        },
      },
    );
  };
  return {
    items,
    change,
    saveState,
    savedAt,
    saveNow,
    saving: save.isPending,
    problems,
    check,
    complete: completeWith,
    completing: complete.isPending,
    completeError,
  };
}

/** Closing the tab or reloading while `unsaved` asks first (the browser's own question). */
function useUnsavedWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
