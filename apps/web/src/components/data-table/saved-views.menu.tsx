import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBookmark, IconCheck, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FrontendView, ViewFilter, ViewSort } from '@hearth/shared/views/views.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';

type Sharing = FrontendView['sharedWith'];

/** What a saved view stores of the table. */
export interface ViewSetup {
  columns: string[];
  filters: ViewFilter[];
  sort: ViewSort[];
}

const SHARING_LABELS: Record<Sharing, string> = {
  user: 'Only me',
  branch: 'A branch',
  company: 'Everyone in the company',
};

function sharingNote(view: FrontendView): string {
  if (view.sharedWith === 'user') return view.canEdit ? 'Mine' : view.ownerName;
  const who = view.sharedWith === 'company' ? 'Company' : 'Branch';
  return view.canEdit ? `${who} · mine` : `${who} · ${view.ownerName}`;
}

interface SaveViewModalProps {
  opened: boolean;
  onClose: () => void;
  view: string;
  setup: ViewSetup;
  onSaved: (saved: FrontendView) => void;
}

/** Saves the current columns, filters and sort as a new named view, shared with the user, a branch or the company. */
function SaveViewModal({ opened, onClose, view, setup, onSaved }: SaveViewModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [sharedWith, setSharedWith] = useState<Sharing>('user');
  const [branchId, setBranchId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const branches = useQuery({ ...trpc.getBranches.queryOptions(), enabled: opened && sharedWith === 'branch' });
  const save = useMutation(trpc.upsertFrontendView.mutationOptions());

  const close = () => {
    setName('');
    setSharedWith('user');
    setBranchId(null);
    setErrors({});
    save.reset();
    onClose();
  };

  const submit = () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Name is required';
    if (sharedWith === 'branch' && !branchId) found.branchId = 'Choose a branch';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        view,
        name: name.trim(),
        sharedWith,
        branchId: sharedWith === 'branch' ? Number(branchId) : null,
        columns: setup.columns,
        widths: {},
        filters: setup.filters,
        sort: setup.sort,
      },
      {
        onSuccess: (saved) => {
          void queryClient.invalidateQueries({ queryKey: trpc.getFrontendViews.queryKey({ view }) });
          notifications.show({ color: 'teal', message: `View "${saved.name}" saved` });
          onSaved(saved);
          close();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  const serverError = save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0 ? errorMessageOf(save.error) : null;

  return (
    <Modal opened={opened} onClose={close} title="Save view" size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Saves the shown columns, their order, the filters and the sort.
          </Text>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            data-autofocus
            required
          />
          <Radio.Group
            label="Share with"
            value={sharedWith}
            onChange={(value) => setSharedWith(value as Sharing)}
            error={errors.sharedWith}
          >
            <Stack gap={6} mt={4}>
              {(Object.keys(SHARING_LABELS) as Sharing[]).map((value) => (
                <Radio key={value} value={value} label={SHARING_LABELS[value]} size="xs" />
              ))}
            </Stack>
          </Radio.Group>
          {sharedWith === 'branch' && (
            <Select
              label="Branch"
              placeholder={branches.isPending ? 'Loading…' : 'Choose a branch'}
              data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              value={branchId}
              onChange={setBranchId}
              error={errors.branchId ?? (branches.isError ? errorMessageOf(branches.error) : undefined)}
              allowDeselect={false}
              required
            />
          )}
          {serverError && <Alert color="red">{serverError}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saveOpened, setSaveOpened] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const overwrite = useMutation(trpc.upsertFrontendView.mutationOptions());
  const remove = useMutation(trpc.deleteFrontendView.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.getFrontendViews.queryKey({ view }) });

  const mine = views.filter((v) => v.canEdit);
  const shared = views.filter((v) => !v.canEdit);

  const saveChanges = () => {
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
          notifications.show({ color: 'teal', message: `View "${saved.name}" updated` });
          onSaved(saved);
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not save the view', message: errorMessageOf(error) }),
      },
    );
  };

  const confirmDelete = () => {
    if (!current) return;
    const { id, name } = current;
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          void refresh();
          setDeleteOpened(false);
          notifications.show({ color: 'teal', message: `View "${name}" deleted` });
          onDeleted(id);
        },
      },
    );
  };

  const item = (v: FrontendView) => (
    <Menu.Item
      key={v.id}
      onClick={() => onApply(v)}
      leftSection={current?.id === v.id ? <IconCheck size={14} /> : <span style={{ width: 14, display: 'inline-block' }} />}
      rightSection={
        <Text size="xs" c="dimmed" ml="md">
          {sharingNote(v)}
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
            {current ? `View: ${current.name}${modified ? ' (changed)' : ''}` : 'Saved views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => onApply(null)}
            leftSection={current ? <span style={{ width: 14, display: 'inline-block' }} /> : <IconCheck size={14} />}
          >
            Default view
          </Menu.Item>
          {mine.length > 0 && <Menu.Label>My views</Menu.Label>}
          {mine.map(item)}
          {shared.length > 0 && <Menu.Label>Shared with me</Menu.Label>}
          {shared.map(item)}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setSaveOpened(true)}>
            Save as new view…
          </Menu.Item>
          {current?.canEdit && (
            <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={saveChanges} disabled={!modified}>
              Save changes to "{current.name}"
            </Menu.Item>
          )}
          {current?.canEdit && (
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setDeleteOpened(true)}>
              Delete "{current.name}"…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal opened={saveOpened} onClose={() => setSaveOpened(false)} view={view} setup={setup} onSaved={onSaved} />
      <Modal
        opened={deleteOpened}
        onClose={() => {
          remove.reset();
          setDeleteOpened(false);
        }}
        title="Delete view"
        size="sm"
      >
        <Stack gap="sm">
          <Text size="sm">
            Delete the saved view "{current?.name}"?{' '}
            {current?.sharedWith === 'user' ? '' : 'Everyone it is shared with loses it too.'}
          </Text>
          {remove.isError && <Alert color="red">{errorMessageOf(remove.error)}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setDeleteOpened(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
