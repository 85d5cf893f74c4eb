import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { IconBookmark, IconCheck, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FrontendView } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { DeleteViewModal } from './saved-views.delete-modal';
import { useRefreshSavedViews, type ViewSetup } from './saved-views.queries';
import { SaveViewModal } from './saved-views.save-modal';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Who a saved view is shared with and whose it is, in the menu's right column ("Branch · mine"). */
function sharingNote(view: FrontendView, t: TFunction<'dataTable'>): string {
  if (view.sharedWith === 'user') return view.canEdit ? t('views.mine') : view.ownerName;
  const who = view.sharedWith === 'company' ? t('views.company') : t('views.branch');
  return view.canEdit ? t('views.sharedMine', { who }) : t('views.sharedBy', { who, owner: view.ownerName });
}

/** Overwrites the current saved view with the table's setup, keeping its name, sharing and widths. */
function useSaveChanges(view: string, current: FrontendView | null, setup: ViewSetup, onSaved: (view: FrontendView) => void) {
  const trpc = useTRPC();
  const refresh = useRefreshSavedViews(view);
  const overwrite = useMutation(trpc.upsertFrontendView.mutationOptions());
  const { t } = useTranslation('dataTable');
  return () => {
    if (!current) return;
    overwrite.mutate(
      {
        id: current.id,
        view,
        name: current.name,
        sharedWith: current.sharedWith,
        branchId: current.branchId,
        columns: setup.columns,
        widths: current.widths,
        filters: setup.filters,
        sort: setup.sort,
      },
      {
        onSuccess: (saved) => {
          void refresh();
          notifications.show({ color: 'teal', role: 'status', message: t('views.updated', { name: saved.name }) });
          onSaved(saved);
        },
        onError: (error) => notifications.show({ color: 'red', title: t('views.saveFailed'), message: errorMessageOf(error) }),
      },
    );
  };
}

interface SavedViewsMenuProps {
  view: string;
  views: FrontendView[];
  current: FrontendView | null;
  /** The table differs from the current saved view. */
  modified: boolean;
  setup: ViewSetup;
  onApply: (view: FrontendView | null) => void;
  onSaved: (view: FrontendView) => void;
  onDeleted: (id: number) => void;
}

/** Lists the user's and shared saved views; applies one, saves the table as a new one, overwrites or deletes own. */
export function SavedViewsMenu({ view, views, current, modified, setup, onApply, onSaved, onDeleted }: SavedViewsMenuProps) {
  const { t } = useTranslation('dataTable');
  const [saveOpened, setSaveOpened] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const saveChanges = useSaveChanges(view, current, setup, onSaved);

  const mine = views.filter((v) => v.canEdit);
  const shared = views.filter((v) => !v.canEdit);

  const item = (v: FrontendView) => (
    <Menu.Item
      key={v.id}
      onClick={() => onApply(v)}
      leftSection={current?.id === v.id ? <IconCheck size={14} /> : <span style={{ width: 14, display: 'inline-block' }} />}
      rightSection={
        <Text size="xs" c="dimmed" ml="md">
          {sharingNote(v, t)}
        </Text>
      }
    >
      {v.name}
    </Menu.Item>
  );

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={320}>
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconBookmark size={14} />}>
            {current ? t(modified ? 'views.currentChanged' : 'views.current', { name: current.name }) : t('views.saved')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => onApply(null)}
            leftSection={current ? <span style={{ width: 14, display: 'inline-block' }} /> : <IconCheck size={14} />}
          >
            {t('views.default')}
          </Menu.Item>
          {mine.length > 0 && <Menu.Label>{t('views.myViews')}</Menu.Label>}
          {mine.map(item)}
          {shared.length > 0 && <Menu.Label>{t('views.sharedWithMe')}</Menu.Label>}
          {shared.map(item)}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setSaveOpened(true)}>
            {t('views.saveAsNew')}
          </Menu.Item>
          {current?.canEdit && (
            <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={saveChanges} disabled={!modified}>
              {t('views.saveChanges', { name: current.name })}
            </Menu.Item>
          )}
          {current?.canEdit && (
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setDeleteOpened(true)}>
              {t('views.deleteItem', { name: current.name })}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal opened={saveOpened} onClose={() => setSaveOpened(false)} view={view} setup={setup} onSaved={onSaved} />
      <DeleteViewModal
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        view={view}
        current={current}
        onDeleted={onDeleted}
      />
    </>
  );
}
