import { useState } from 'react';
import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CAREGIVER_GENDERS, type CaregiverGender } from '@hearth/shared/caregivers/caregivers.constants';
import { ZUpdateClientInput, type ClientOutput } from '@hearth/shared/clients/clients.schema';
import { todayInZone } from '@hearth/shared/app/time-display';
import { formatDateOfBirth, formatInstant } from '@/format/instant-format';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions, usePayerSourceOptions, type Option } from '@/components/records/options';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { EditSectionButton, EditSectionModal } from '@/components/records/record-modal';
import { Detail, NotesDetail, SectionCard } from '@/components/records/section-card';
import { useRecordForm } from '@/forms/use-record-form';
import { ClientFields, clientFormValues, clientPayload, clientRules, type ClientFormValues } from './client.form';

/** updateClient with the answer put in the cache (header and sections follow) and the list refreshed. */
export function useUpdateClient() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.updateClient.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getClient.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
      },
    }),
  );
}

function ClientEditForm(props: { client: ClientOutput; branches: Option[]; payers: Option[]; onDone: () => void }) {
  const { client, branches, payers, onDone } = props;
  const update = useUpdateClient();
  const { t } = useTranslation(['records', 'common']);
  const toInput = (values: ClientFormValues) => ({ id: client.id, ...clientPayload(values) });
  const record = useRecordForm<ClientFormValues, ReturnType<typeof toInput>>({
    initialValues: clientFormValues(client),
    toPayload: toInput,
    schema: ZUpdateClientInput,
    rules: clientRules,
    check: (input) => ({ action: 'updateClient', input }),
  });
  return (
    <RecordFormFrame
      record={record}
      pending={update.isPending}
      onCancel={onDone}
      onSubmit={(values) =>
        update.mutate(toInput(values), {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('clients.saved') });
            onDone();
          },
          onError: record.onSaveError,
        })
      }
    >
      <ClientFields record={record} branches={branches} payers={payers} withNotes />
    </RecordFormFrame>
  );
}

/** A gender code named in the shown language; an unknown code (older records) as stored. */
function genderLabel(gender: string | null, t: TFunction<['records', 'common']>): string | null {
  if (!gender) return null;
  return (CAREGIVER_GENDERS as readonly string[]).includes(gender) ? t(`common:genders.${gender as CaregiverGender}`) : gender;
}

/** The person's details, edited in a modal (names, status, branch, payer, contact, language, Medicaid ID, notes). */
export function ClientDetailsSection({ client, canEdit }: { client: ClientOutput; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const branches = useBranchOptions();
  const payers = usePayerSourceOptions(
    client.primaryPayerSourceId && client.primaryPayerSourceName
      ? { id: client.primaryPayerSourceId, name: client.primaryPayerSourceName }
      : null,
  );
  // The client's own calendar: their branch's today for the age, and its day for "Client since".
  const timeZone = useBranchTimeZone(client.branchId);
  const { t } = useTranslation(['records', 'common']);
  return (
    <SectionCard
      title={t('details.title')}
      actions={canEdit && <EditSectionButton label={t('details.edit')} onClick={() => setEditing(true)} />}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <Detail label={t('common:fields.dateOfBirth')}>
          {client.dateOfBirth ? formatDateOfBirth(client.dateOfBirth, todayInZone(timeZone)) : null}
        </Detail>
        <Detail label={t('common:fields.gender')}>{genderLabel(client.gender, t)}</Detail>
        <Detail label={t('clients.preferredLanguage')}>{client.preferredLanguage}</Detail>
        <Detail label={t('common:fields.phone')}>{client.phoneNumber}</Detail>
        <Detail label={t('common:fields.email')}>{client.email}</Detail>
        <Detail label={t('clients.medicaidId')}>{client.medicaidId}</Detail>
        <Detail label={t('common:fields.branch')}>{client.branchName}</Detail>
        <Detail label={t('clients.primaryPayer')}>{client.primaryPayerSourceName}</Detail>
        <Detail label={t('clients.clientSince')}>{formatInstant(client.createdAt, timeZone, { style: 'date' })}</Detail>
      </SimpleGrid>
      <NotesDetail notes={client.notes} />
      <EditSectionModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('clients.editTitle')}
        size="lg"
        loading={branches.loading}
      >
        <ClientEditForm client={client} branches={branches.options} payers={payers.options} onDone={() => setEditing(false)} />
      </EditSectionModal>
    </SectionCard>
  );
}
