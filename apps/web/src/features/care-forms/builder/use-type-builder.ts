import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CareFormCategory } from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { useTRPC } from '@/api/trpc';
import { questionnaireProblems } from '@hearth/shared/care-forms/questionnaire-problems';
import { builderProblems } from './builder-problems';
import { newItem, type ItemKind } from './item-kinds';
import {
  deleteItem,
  findItem,
  insertAt,
  moveIntoGroupAbove,
  moveItem,
  moveOutOfGroup,
  placeForNew,
  renameLinkId,
  updateItem,
  type QItem,
} from './questionnaire-tree';
import { typeBuilderHref } from './types-table';

/** The type's settings the builder edits beside its items. */
export interface TypeSettings {
  name: string;
  category: CareFormCategory;
  caregiverMayStart: boolean;
}

/** A problem to fix before saving, worded for the reader: the item's linkId (null: the whole form). */
export interface WordedProblem {
  linkId: string | null;
  message: string;
}

/**
 * The problems of the edited type: the builder's own (builderProblems, worded by this catalogue), then those of the
 * shared check the server runs on save (questionnaireProblems, worded by the server catalogue) for items the first
 * did not name, so an admin sees before saving what the server would refuse.
 */
function wordedProblems(items: QItem[], definition: CareFormTypeDetail['definition'], t: TFunction<'careFormBuilder'>) {
  const own: WordedProblem[] = builderProblems(items).map(({ linkId, problem }) => {
    const item = linkId === null ? undefined : findItem(items, linkId);
    const name = item?.text?.trim() || item?.linkId;
    return { linkId, message: name ? `${t(`problems.${problem}`)}: ${name}` : t(`problems.${problem}`) };
  });
  const named = new Set(own.map((p) => p.linkId));
  const shared: WordedProblem[] = questionnaireProblems(definition)
    .filter((p) => !named.has(p.linkId))
    .map((p) => ({ linkId: p.linkId, message: t(p.key as never, { ns: 'server', ...p.values }) as string }));
  return [...own, ...shared];
}

/** A move of the builder's buttons and keys. */
export type TreeMove = 'up' | 'down' | 'in' | 'out';

/**
 * The builder's state for one version of a type: its settings and items as edited, the selected item, whether
 * anything changed since the last save, and the save (careFormTypes.update). A frozen version (used by forms) is
 * saved by the server as a new version: the builder says so and opens it.
 */
export function useTypeBuilder(type: CareFormTypeDetail) {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [settings, setSettingsState] = useState<TypeSettings>({
    name: type.name,
    category: type.category,
    caregiverMayStart: type.caregiverMayStart,
  });
  const [items, setItemsState] = useState<QItem[]>(type.definition.item ?? []);
  const [selected, setSelected] = useState<string | null>(type.definition.item?.[0]?.linkId ?? null);
  const [dirty, setDirty] = useState(false);
  // The new version a save made, opened once the saved state has rendered (so the unsaved-changes guard lets it go).
  const [openVersion, setOpenVersion] = useState<number | null>(null);
  useEffect(() => {
    if (openVersion !== null) void navigate(typeBuilderHref(openVersion), { replace: true });
  }, [openVersion, navigate]);

  const setItems = (change: (items: QItem[]) => QItem[]) => {
    setItemsState((current) => change(current));
    setDirty(true);
  };
  const setSettings = (change: Partial<TypeSettings>) => {
    setSettingsState((current) => ({ ...current, ...change }));
    setDirty(true);
  };

  const save = useMutation(
    trpc.careFormTypes.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.careFormTypes.detail.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.careFormTypes.list.queryKey() });
        setDirty(false);
        if (saved.id !== type.id) {
          notifications.show({
            color: 'blue',
            autoClose: false,
            title: t('save.newVersionTitle', { version: saved.version }),
            message: t('save.newVersion', { name: saved.name, version: saved.version, previous: type.version }),
          });
          setOpenVersion(saved.id);
        } else {
          notifications.show({ color: 'teal', message: t('save.saved', { name: saved.name }) });
        }
      },
    }),
  );

  const add = (kind: ItemKind) => {
    const item = newItem(items, kind, t(`newText.${kind}`));
    setItems((current) => insertAt(current, item, placeForNew(current, selected)));
    setSelected(item.linkId);
    return item.linkId;
  };
  const move = (linkId: string, direction: TreeMove) => {
    setItems((current) => {
      if (direction === 'up' || direction === 'down') return moveItem(current, linkId, direction === 'up' ? -1 : 1);
      return direction === 'in' ? moveIntoGroupAbove(current, linkId) : moveOutOfGroup(current, linkId);
    });
  };
  const remove = (linkId: string) => {
    setItems((current) => deleteItem(current, linkId));
    setSelected(null);
  };
  const edit = (linkId: string, change: (item: QItem) => QItem) => setItems((current) => updateItem(current, linkId, change));
  const rename = (from: string, to: string) => {
    setItems((current) => renameLinkId(current, from, to));
    if (selected === from && findItem(items, to) === undefined) setSelected(to);
  };

  const definition = { ...type.definition, title: settings.name.trim(), item: items };
  const problems = wordedProblems(items, definition, t);
  const submit = () =>
    save.mutate({
      id: type.id,
      name: settings.name.trim(),
      category: settings.category,
      caregiverMayStart: settings.caregiverMayStart,
      definition,
    });

  return {
    settings,
    setSettings,
    items,
    selected,
    select: setSelected,
    selectedItem: selected === null ? undefined : findItem(items, selected),
    add,
    move,
    remove,
    edit,
    rename,
    problems,
    dirty,
    save,
    submit,
  };
}

/** What useTypeBuilder answers. */
export type TypeBuilder = ReturnType<typeof useTypeBuilder>;
