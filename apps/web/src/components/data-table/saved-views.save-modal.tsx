import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FrontendView } from '@hearth/shared/views/views.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useRefreshSavedViews, type Sharing, type ViewSetup } from './saved-views.queries';
import { useTranslation } from 'react-i18next';

/** The catalogue key of each way of sharing a view. */
const SHARING_LABELS = {
  user: 'views.onlyMe',
  branch: 'views.aBranch',
  company: 'views.everyoneInCompany',
} as const satisfies Record<Sharing, string>;

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
  const { t } = useTranslation('dataTable');

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
    if (!name.trim()) found.name = t('views.nameRequired');
    if (sharedWith === 'branch' && !branchId) found.branchId = t('views.chooseBranch');
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
          notifications.show({ color: 'teal', role: 'status', message: t('views.savedNotice', { name: saved.name }) });
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
  const { t } = useTranslation('dataTable');
  const form = useSaveViewForm(props);
  const { errors, branches } = form;
  return (
    <Modal opened={props.opened} onClose={form.close} title={t('views.saveTitle')} size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('views.saveHint')}
          </Text>
          <TextInput
            label={t('views.name')}
            value={form.name}
            onChange={(event) => form.setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            data-autofocus
            required
          />
          <Radio.Group
            label={t('views.shareWith')}
            value={form.sharedWith}
            onChange={(value) => form.setSharedWith(value as Sharing)}
            error={errors.sharedWith}
          >
            <Stack gap={6} mt={4}>
              {(Object.keys(SHARING_LABELS) as Sharing[]).map((value) => (
                <Radio key={value} value={value} label={t(SHARING_LABELS[value])} size="xs" />
              ))}
            </Stack>
          </Radio.Group>
          {form.sharedWith === 'branch' && (
            <Select
              label={t('views.branchLabel')}
              placeholder={branches.isPending ? t('views.loading') : t('views.chooseBranch')}
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
              {t('views.cancel')}
            </Button>
            <Button type="submit" loading={form.save.isPending}>
              {t('views.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
