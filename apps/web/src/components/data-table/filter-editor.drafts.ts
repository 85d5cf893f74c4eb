import { useState } from 'react';
import type { ColumnType, FilterOperator, ViewColumnMeta, ViewFilter } from '@hearth/shared/views/views.schema';
import { normalizeFilter } from './data-table.state';
import { useTranslation } from 'react-i18next';

/** A filter being edited: the value may be incomplete until it is applied. */
export interface DraftFilter {
  key: number;
  column: string;
  operator: FilterOperator;
  value: unknown;
  error?: string;
}

/** The operator a new filter on a column starts with. */
export const DEFAULT_OPERATOR: Record<ColumnType, FilterOperator> = {
  text: 'contains',
  number: 'between',
  money: 'between',
  date: 'between',
  datetime: 'between',
  enum: 'in',
  boolean: 'equals',
};

let nextDraftKey = 1;

function draftOf(filter: ViewFilter): DraftFilter {
  return { key: nextDraftKey++, column: filter.column, operator: filter.operator, value: filter.value };
}

function newDraft(column: ViewColumnMeta): DraftFilter {
  return { key: nextDraftKey++, column: column.key, operator: DEFAULT_OPERATOR[column.type], value: undefined };
}

/**
 * The filter editor's state: whether it is open, the draft filters, and whether a list of options inside it is open.
 * @param filterable the columns a filter may use
 * @param filters the applied filters (the drafts start from them on open; a first draft when there are none)
 * @param onApply called with the drafts as filters when all are complete; an incomplete one is marked instead
 * @returns the state and `open`, `patch` (a change of one draft, clearing its error), `addDraft` (on the first
 * column not used yet), `removeDraft`, `apply`
 */
export function useFilterDrafts(filterable: ViewColumnMeta[], filters: ViewFilter[], onApply: (filters: ViewFilter[]) => void) {
  const { t } = useTranslation('dataTable');
  const byKey = new Map(filterable.map((c) => [c.key, c]));
  const [opened, setOpened] = useState(false);
  const [drafts, setDrafts] = useState<DraftFilter[]>([]);
  const [listOpen, setListOpen] = useState(false);

  const open = () => {
    const current = filters.map(draftOf);
    const first = filterable[0];
    setDrafts(current.length > 0 || !first ? current : [newDraft(first)]);
    setOpened(true);
  };

  const patch = (key: number, change: Partial<DraftFilter>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...change, error: undefined } : d)));

  const addDraft = () => {
    const used = new Set(drafts.map((d) => d.column));
    const column = filterable.find((c) => !used.has(c.key)) ?? filterable[0];
    if (column) setDrafts((list) => [...list, newDraft(column)]);
  };

  const removeDraft = (key: number) => setDrafts((list) => list.filter((d) => d.key !== key));

  const apply = () => {
    const checked = drafts.map((d) => ({ draft: d, filter: normalizeFilter(d, byKey.get(d.column)) }));
    if (checked.some((c) => c.filter === null)) {
      setDrafts(checked.map((c) => (c.filter ? c.draft : { ...c.draft, error: t('filters.incomplete') })));
      return;
    }
    onApply(checked.map((c) => c.filter!));
    setOpened(false);
  };

  return { byKey, opened, setOpened, drafts, setDrafts, listOpen, setListOpen, open, patch, addDraft, removeDraft, apply };
}
