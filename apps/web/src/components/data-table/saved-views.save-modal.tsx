import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FrontendView } from '@hearth/shared/views/views.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useRefreshSavedViews, type Sharing, type ViewSetup } from './saved-views.queries';

const SHARING_LABELS: Record<Sharing, string> = {
  user: 'Only me',
  branch: 'A branch',
  company: 'Everyone in the company',
};

interface SaveViewModalProps {
  opened: boolean;
  onClose: () => void;
  view: string;
  setup: ViewSetup;
  onSaved: (saved: FrontendView) => void;
}

/** The save form's fields, its checks and the save itself; closing empties the form. */
function useSaveViewForm({ opened, onClose, view, setup, onSaved }: SaveViewModalProps) {
  const trpc = useTRPC();
  const refresh = useRefreshSavedViews(view);
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
          void refresh();
          notifications.show({ color: 'teal', message: `View "${saved.name}" saved` });
          onSaved(saved);
          close();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  const serverError = save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0 ? errorMessageOf(save.error) : null;
  return { name, setName, sharedWith, setSharedWith, branchId, setBranchId, errors, branches, save, close, submit, serverError };
}

/**
 * Saves the current columns, filters and sort as a new named view, shared with the user, a branch or the company.
 * @param setup what the table shows now (stored as the view)
 * @param onSaved called with the stored view once it is saved (the modal then closes)
 */
export function SaveViewModal(props: SaveViewModalProps) {
  const form = useSaveViewForm(props);
  const { errors, branches } = form;
  return (
    <Modal opened={props.opened} onClose={form.close} title="Save view" size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Saves the shown columns, their order, the filters and the sort.
          </Text>
          <TextInput
            label="Name"
            value={form.name}
            onChange={(event) => form.setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            data-autofocus
            required
          />
          <Radio.Group
            label="Share with"
            value={form.sharedWith}
            onChange={(value) => form.setSharedWith(value as Sharing)}
            error={errors.sharedWith}
          >
            <Stack gap={6} mt={4}>
              {(Object.keys(SHARING_LABELS) as Sharing[]).map((value) => (
                <Radio key={value} value={value} label={SHARING_LABELS[value]} size="xs" />
              ))}
            </Stack>
          </Radio.Group>
          {form.sharedWith === 'branch' && (
            <Select
              label="Branch"
              placeholder={branches.isPending ? 'Loading…' : 'Choose a branch'}
              data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              value={form.branchId}
              onChange={form.setBranchId}
              error={errors.branchId ?? (branches.isError ? errorMessageOf(branches.error) : undefined)}
              allowDeselect={false}
              required
            />
          )}
          {form.serverError && <Alert color="red">{form.serverError}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={form.close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
