import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZUpdatePayerSourceInput, type PayerSourceDetail } from '@hearth/shared/payer-sources/payer-sources.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { EditFormFrame } from '@/components/records/edit-form-frame';
import { rebaseForm } from '@/forms/rebase-form';
import { useRecordForm } from '@/forms/use-record-form';
import {
  PayerSourceFields,
  payerSourceFieldOf,
  payerSourceFormValues,
  payerSourcePayload,
  payerSourceRules,
  ServicesTable,
  type PayerSourceFormValues,
} from './payer-source.form';

function PayerSourceEditForm({ payer, readOnly }: { payer: PayerSourceDetail; readOnly: boolean }) {
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toInput = (values: PayerSourceFormValues) => ({ id: payer.id, ...payerSourcePayload(values) });
  const record = useRecordForm<PayerSourceFormValues, ReturnType<typeof toInput>>({
    initialValues: payerSourceFormValues(payer),
    toPayload: toInput,
    schema: ZUpdatePayerSourceInput,
    rules: payerSourceRules,
    fieldOf: payerSourceFieldOf,
    check: (input) => ({ action: 'updatePayerSource', input }),
    serverCheck: !readOnly,
  });
  const { form } = record;
  const update = useMutation(
    trpc.updatePayerSource.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getPayerSource.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.getPayerSources.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
        rebaseForm(form, payerSourceFormValues(saved));
        notifications.show({ color: 'teal', message: t('payers.saved') });
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <EditFormFrame
      record={record}
      onSubmit={(values) => update.mutate(toInput(values))}
      pending={update.isPending}
      readOnly={readOnly}
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" maw={760}>
          <PayerSourceFields record={record} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <ServicesTable record={record} />
        </Stack>
      </Paper>
    </EditFormFrame>
  );
}

/** /admin/payer-sources/{id}: the payer (type, payer id, EVV) and its services, saved as a whole. */
export function PayerSourceEditPage() {
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const payerId = Number(useParams().id);
  const valid = Number.isInteger(payerId) && payerId > 0;
  const payer = useQuery({ ...trpc.getPayerSource.queryOptions({ id: payerId }), enabled: valid });
  const { can, loading } = useAllowedActions();

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/payer-sources" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('payers.back')}
        </Group>
      </Anchor>
      {!valid || httpStatusOf(payer.error) === 404 ? (
        <Alert color="red">{t('payers.notFound')}</Alert>
      ) : payer.isError ? (
        <Alert color="red">{errorMessageOf(payer.error)}</Alert>
      ) : !payer.data || loading ? (
        <Loader size="sm" />
      ) : (
        <>
          <Group gap="sm">
            <Title order={2}>{payer.data.name}</Title>
            <Badge variant="light">{t(`payers.types.${payer.data.payerType}`)}</Badge>
            {!payer.data.isActive && (
              <Badge variant="light" color="gray">
                {t('payers.inactive')}
              </Badge>
            )}
          </Group>
          <PayerSourceEditForm key={payer.data.id} payer={payer.data} readOnly={!can('updatePayerSource')} />
        </>
      )}
    </Stack>
  );
}
