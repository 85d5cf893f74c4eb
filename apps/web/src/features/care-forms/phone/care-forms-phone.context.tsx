/**
 * What the phone's care forms screens get from their route (issue 23 item 3), since features do not import each
 * other: the store of the offline box (the caregiver app's encrypted cache), the one Mantine renderer of care forms
 * (renderer/questionnaire-form.tsx, compact on the phone), and the caregiver's visits (from the schedule, online or as
 * saved on the phone). Without a provider the box lives in memory and there are no visits.
 *
 * One box per store for the page's life (not per render or mount), so two screens never run two syncs side by side.
 * The sync runs when the screens first show, on each browser 'online' event, and after each save.
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';
import { CareFormsOfflineBox, memoryStore, type CareFormsSnapshot } from '../care-forms-offline.store';
import type { CareFormsSender, CareFormsStore } from '../care-forms-offline.sync';
import type { QuestionnaireResponseItem } from '../care-forms-offline.records';
import { PHONE_KEYS } from './care-forms-phone.data';

/** The renderer's props (renderer/questionnaire-form.tsx, the contract of the care forms design). */
export interface QuestionnaireFormProps {
  questionnaire: CareFormQuestionnaire;
  items: QuestionnaireResponseItem[];
  onChange: (items: QuestionnaireResponseItem[]) => void;
  readOnly?: boolean;
  problems?: Record<string, string>;
  compact?: boolean;
}

/** A care form type's definition (a FHIR R4 Questionnaire) as the shared output types it. */
export type CareFormQuestionnaire = import('@hearth/shared/care-forms/care-forms.schema').CareFormDetail['type']['definition'];

/** One of the caregiver's visits a form may be started for. */
export interface PhoneVisit {
  shiftId: number;
  clientId: number;
  clientName: string;
  startTimestamp: string;
  timezone: string;
}

/** What the route hands in. */
export interface CareFormsPhoneDeps {
  store: CareFormsStore;
  Renderer: ComponentType<QuestionnaireFormProps>;
  /** The caregiver's visits from today on (online, else as saved on the phone); empty when none is known. */
  loadVisits: () => Promise<PhoneVisit[]>;
  /** The answers without empty items (renderer/response-items.ts compactResponseItems), as saved and signed. */
  compactItems: (items: QuestionnaireResponseItem[]) => QuestionnaireResponseItem[];
}

/** Reaches the server for the sync: careForms.create, saveInProgress and complete; refusals judged by syncOutcome. */
const sender: CareFormsSender = {
  create: (input) => trpcClient.careForms.create.mutate(input),
  save: (input) => trpcClient.careForms.saveInProgress.mutate(input),
  complete: (input) => trpcClient.careForms.complete.mutate(input),
  outcome: syncOutcome,
  reasonOf: errorMessageOf,
  problemsOf: fieldErrorsOf,
  now: () => Date.now(),
};

const boxes = new WeakMap<CareFormsStore, CareFormsOfflineBox>();

/** The page's one box over `store` (the screens' and the app-wide sync's). */
export function careFormsBoxOf(store: CareFormsStore): CareFormsOfflineBox {
  let box = boxes.get(store);
  if (!box) boxes.set(store, (box = new CareFormsOfflineBox(store, sender)));
  return box;
}

function NoRenderer(): null {
  return null;
}

const fallback: CareFormsPhoneDeps = {
  store: memoryStore(),
  Renderer: NoRenderer,
  loadVisits: () => Promise.resolve([]),
  compactItems: (items) => items,
};
const DepsContext = createContext<CareFormsPhoneDeps>(fallback);

/** Gives the care forms phone screens below it their store, renderer and visits. */
export function CareFormsPhoneProvider(props: CareFormsPhoneDeps & { children: ReactNode }) {
  const { store, Renderer, loadVisits, compactItems, children } = props;
  const value = useMemo(() => ({ store, Renderer, loadVisits, compactItems }), [store, Renderer, loadVisits, compactItems]);
  return <DepsContext.Provider value={value}>{children}</DepsContext.Provider>;
}

/** The route's dependencies. */
export function usePhoneDeps(): CareFormsPhoneDeps {
  return useContext(DepsContext);
}

/** The offline box of the store in context. */
export function useCareFormsBox(): CareFormsOfflineBox {
  const { store } = useContext(DepsContext);
  return useMemo(() => careFormsBoxOf(store), [store]);
}

/** The box's drafts, notices and signing problems, live. */
export function useCareFormsSnapshot(box: CareFormsOfflineBox): CareFormsSnapshot {
  return useSyncExternalStore(box.subscribe, box.read);
}

/**
 * Syncs, then refreshes the phone's form queries when the sync sent anything (the server's copy changed).
 * @returns what the sync did, or its skip
 */
export async function syncAndRefresh(box: CareFormsOfflineBox, refresh: () => Promise<unknown>) {
  const result = await box.sync();
  if (!('skipped' in result) && (result.sent > 0 || result.signed > 0 || result.returned.length > 0)) await refresh();
  return result;
}

/** Starts the sync on the screens' first show and on each 'online' event; re-reads the drafts now. */
export function useCareFormsSync(box: CareFormsOfflineBox): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: PHONE_KEYS.all });
    const run = () => void syncAndRefresh(box, refresh).catch(() => undefined);
    const onOnline = () => {
      run();
      void refresh();
    };
    window.addEventListener('online', onOnline);
    void box.refresh().catch(() => undefined);
    run();
    return () => window.removeEventListener('online', onOnline);
  }, [box, queryClient]);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network (navigator.onLine), live. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
