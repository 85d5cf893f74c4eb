import { useState } from 'react';
import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ZCreatePayerSourceInput } from '@hearth/shared/payer-sources/payer-sources.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { DataTable } from '@/components/data-table/data-table';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import {
  PayerSourceFields,
  payerSourceFieldOf,
  payerSourceFormValues,
  payerSourcePayload,
  payerSourceRules,
  type PayerSourceFormValues,
  type PayerSourcePayload,
} from './payer-source.form';

function PayerSourceCreateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const record = useRecordForm<PayerSourceFormValues, PayerSourcePayload>({
    initialValues: payerSourceFormValues(null),
    toPayload: payerSourcePayload,
    schema: ZCreatePayerSourceInput,
    rules: payerSourceRules,
    fieldOf: payerSourceFieldOf,
    check: (input) => ({ action: 'createPayerSource', input }),
  });
  const create = useMutation(
    trpc.createPayerSource.mutationOptions({
      onSuccess: async (payer) => {
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.getPayerSources.queryKey() });
        notifications.show({ color: 'teal', message: t('payers.added', { name: payer.name }) });
        onDone();
        await navigate(`/admin/payer-sources/${payer.id}`);
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => create.mutate(payerSourcePayload(values))}
      onCancel={onDone}
      pending={create.isPending}
      submitLabel={t('payers.create')}
    >
      <PayerSourceFields record={record} brief />
    </RecordFormFrame>
  );
}

/** /admin/payer-sources: the payer sources view; "New payer source" creates one and opens it for its services. */
export function PayerSourcesListPage() {
  const { t } = useTranslation('finance');
  const { can } = useAllowedActions();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('payers.title')}</Title>
        {can('createPayerSource') && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t('payers.new')}
          </Button>
        )}
      </Group>
      <DataTable view="payerSources" />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('payers.new')} size="lg">
        {creating && <PayerSourceCreateForm onDone={() => setCreating(false)} />}
      </Modal>
    </Stack>
  );
}
