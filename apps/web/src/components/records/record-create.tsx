import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type MutationFunction } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';
import { DataTable } from '@/components/data-table/data-table';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import { actionOf } from './owned-records';
import { RecordFormFrame } from './record-form-frame';
import { EditSectionModal } from './record-modal';

type Noun = 'client' | 'caregiver';

/** The person a create procedure answers with: enough to greet them and open their profile. */
interface CreatedPerson {
  id: number;
  firstName: string;
  lastName: string;
}

/** A create procedure as the tRPC helpers give it (trpc.createClient), seen only through what the form uses. */
interface CreateProcedure<Input> {
  mutationOptions(opts: { onSuccess: (person: CreatedPerson) => Promise<void>; onError: (error: unknown) => void }): {
    mutationFn?: MutationFunction<CreatedPerson, Input>;
  };
  mutationKey(): readonly unknown[];
}

/**
 * The form of a new client or caregiver: the feature's fields checked by its shared create schema (`form`, the
 * options of useRecordForm without `check`, which names `procedure`), saved with "Create {noun}". A created person
 * is announced ("Ruth Hale added"), refreshes the list views and opens at their profile (/{noun}s/{id}/profile).
 */
export function PersonCreateForm<Values extends object, Input>(props: {
  noun: Noun;
  procedure: CreateProcedure<Input>;
  form: Omit<Parameters<typeof useRecordForm<Values, Input>>[0], 'check'>;
  onDone: () => void;
  children: (record: RecordForm<Values>) => ReactNode;
}) {
  const { noun, procedure, form, onDone, children } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('records');
  const record = useRecordForm<Values, Input>({ ...form, check: (input) => ({ action: actionOf(procedure), input }) });
  const create = useMutation(
    procedure.mutationOptions({
      onSuccess: async (person) => {
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
        notifications.show({ color: 'teal', message: t('people.created', { name: `${person.firstName} ${person.lastName}` }) });
        onDone();
        await navigate(`/${noun}s/${person.id}/profile`);
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => create.mutate(form.toPayload(values))}
      onCancel={onDone}
      pending={create.isPending}
      submitLabel={t(`people.${noun}.create`)}
    >
      {children(record)}
    </RecordFormFrame>
  );
}

/**
 * A list page of people (/clients, /caregivers): the title, "New {noun}" for a role that may create (`canCreate`),
 * the view's data table, and the feature's create modal (`modal`, given whether it is open and how to close it).
 */
export function PersonListPage(props: {
  noun: Noun;
  canCreate: boolean;
  modal: (opened: boolean, onClose: () => void) => ReactNode;
}) {
  const { noun, canCreate, modal } = props;
  const [creating, setCreating] = useState(false);
  const { t } = useTranslation('records');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t(`people.${noun}.plural`)}</Title>
        {canCreate && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t(`people.${noun}.new`)}
          </Button>
        )}
      </Group>
      <DataTable view={`${noun}s`} />
      {modal(creating, () => setCreating(false))}
    </Stack>
  );
}

/** The "New {noun}" modal: a loader while the branches (and other options) load, then the create form. */
export function PersonCreateModal(props: {
  noun: Noun;
  opened: boolean;
  onClose: () => void;
  loading: boolean;
  children: ReactNode;
}) {
  const { noun, opened, onClose, loading, children } = props;
  const { t } = useTranslation('records');
  return (
    <EditSectionModal opened={opened} onClose={onClose} title={t(`people.${noun}.new`)} size="lg" loading={loading}>
      {children}
    </EditSectionModal>
  );
}
