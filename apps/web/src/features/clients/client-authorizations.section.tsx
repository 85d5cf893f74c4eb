import { useState } from 'react';
import { Badge, Group, NumberInput, Select, SimpleGrid, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  authorizationRuleErrors,
  ZClientAuthorizationFields,
  type ClientAuthMetric,
  type ClientAuthorizationOutput,
} from '@hearth/shared/clients/client-authorizations.schema';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import { useTRPC } from '@/api/trpc';
import { usePayerSourceOptions } from '@/components/records/options';
import { useOwnedRecords } from '@/components/records/owned-records';
import { blankToNull, numberOrNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordSave, type RecordFormProps } from '@/components/records/record-save';
import { RecordTableSection, type RecordColumn } from '@/components/records/record-table';
import { formatDate } from '@/format/date-format';
import { formatCount } from '@/format/money';
import { monthName, monthRange, todayIso, addDays } from '@/format/local-date';

/** The form's checks: the fields, then the rules across them (end after start, at least one unit limit). */
const ZAuthorizationForm = ZClientAuthorizationFields.superRefine((a, ctx) => addFieldIssues(ctx, authorizationRuleErrors(a)));

interface AuthorizationFormValues {
  payerSourceId: string | null;
  serviceCode: string;
  modifiers: string[];
  authorizationNumber: string;
  unitsPerWeek: number | string;
  unitsPerMonth: number | string;
  unitsTotal: number | string;
  startDate: string;
  endDate: string;
  notes: string;
}

type AuthorizationPayload = ReturnType<typeof toPayload>;

const toPayload = (v: AuthorizationFormValues) => ({
  payerSourceId: v.payerSourceId === null ? Number.NaN : Number(v.payerSourceId),
  serviceCode: v.serviceCode.trim().toUpperCase(),
  modifiers: v.modifiers.map((m) => m.trim().toUpperCase()).filter(Boolean),
  authorizationNumber: blankToNull(v.authorizationNumber),
  unitsPerWeek: numberOrNull(v.unitsPerWeek),
  unitsPerMonth: numberOrNull(v.unitsPerMonth),
  unitsTotal: numberOrNull(v.unitsTotal),
  startDate: v.startDate,
  endDate: v.endDate,
  notes: blankToNull(v.notes),
});

const modifiersText = (modifiers: string[]) => (modifiers.length > 0 ? ` ${modifiers.join(' ')}` : '');

/** The payer's services to pick from: choosing one fills the service code and modifiers. */
function PayerServicePicker(props: {
  payerSourceId: string | null;
  serviceCode: string;
  modifiers: string[];
  onPick: (service: { serviceCode: string; modifiers: string[] }) => void;
}) {
  const { payerSourceId, serviceCode, modifiers, onPick } = props;
  const trpc = useTRPC();
  const { t } = useTranslation(['records', 'common']);
  const payer = useQuery(trpc.getPayerSource.queryOptions(payerSourceId ? { id: Number(payerSourceId) } : skipToken));
  const services = payer.data?.services ?? [];
  const key = (s: { serviceCode: string; modifiers: string[] }) => `${s.serviceCode}|${[...s.modifiers].sort().join(' ')}`;
  const current = services.find((s) => key(s) === key({ serviceCode: serviceCode.trim().toUpperCase(), modifiers }));
  return (
    <Select
      label={t('authorizations.payerService')}
      placeholder={
        payerSourceId
          ? services.length > 0
            ? t('authorizations.pickService')
            : t('authorizations.noServices')
          : t('authorizations.pickPayerFirst')
      }
      disabled={!payerSourceId || services.length === 0}
      data={services.map((s) => ({
        value: String(s.id),
        label: `${s.serviceCode}${modifiersText(s.modifiers)}${s.description ? ` — ${s.description}` : ''}`,
      }))}
      value={current ? String(current.id) : null}
      onChange={(id) => {
        const picked = services.find((s) => String(s.id) === id);
        if (picked) onPick({ serviceCode: picked.serviceCode, modifiers: picked.modifiers });
      }}
    />
  );
}

function AuthorizationForm(props: RecordFormProps<ClientAuthorizationOutput, AuthorizationPayload>) {
  const a = props.row;
  const payers = usePayerSourceOptions(a ? { id: a.payerSourceId, name: a.payerSourceName } : null);
  const today = todayIso();
  const { t } = useTranslation(['records', 'common']);
  const { record, frame } = useRecordSave<ClientAuthorizationOutput, AuthorizationFormValues, AuthorizationPayload>(
    props,
    'authorizations',
    {
      initialValues: {
        payerSourceId: a ? String(a.payerSourceId) : null,
        serviceCode: a?.serviceCode ?? '',
        modifiers: a?.modifiers ?? [],
        authorizationNumber: a?.authorizationNumber ?? '',
        unitsPerWeek: a?.unitsPerWeek ?? '',
        unitsPerMonth: a?.unitsPerMonth ?? '',
        unitsTotal: a?.unitsTotal ?? '',
        startDate: a?.startDate ?? today,
        endDate: a?.endDate ?? addDays(today, 179),
        notes: a?.notes ?? '',
      },
      toPayload,
      schema: ZAuthorizationForm,
      rules: (v): Record<string, string> =>
        v.payerSourceId === null ? { payerSourceId: t('authorizations.payerRequired') } : {},
    },
  );
  const { form } = record;
  return (
    <RecordFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('authorizations.payerSource')}
          required
          data={payers.options}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('clients.noPayers')}
          {...record.inputProps('payerSourceId')}
        />
        <PayerServicePicker
          payerSourceId={form.values.payerSourceId}
          serviceCode={form.values.serviceCode}
          modifiers={form.values.modifiers}
          onPick={(s) => form.setValues({ serviceCode: s.serviceCode, modifiers: s.modifiers })}
        />
        <TextInput label={t('authorizations.serviceCode')} required placeholder="T1019" {...record.inputProps('serviceCode')} />
        <TagsInput
          label={t('authorizations.modifiers')}
          size="xs"
          placeholder="U1, TT"
          maxTags={4}
          splitChars={[',', ' ']}
          {...record.inputProps('modifiers')}
        />
        <TextInput label={t('authorizations.number')} {...record.inputProps('authorizationNumber')} />
        <div />
        <TextInput label={t('authorizations.startDate')} type="date" required {...record.inputProps('startDate')} />
        <TextInput label={t('authorizations.endDate')} type="date" required {...record.inputProps('endDate')} />
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm">
        <NumberInput
          label={t('authorizations.unitsPerWeek')}
          min={1}
          allowDecimal={false}
          {...record.inputProps('unitsPerWeek')}
        />
        <NumberInput
          label={t('authorizations.unitsPerMonth')}
          min={1}
          allowDecimal={false}
          {...record.inputProps('unitsPerMonth')}
        />
        <NumberInput label={t('authorizations.totalUnits')} min={1} allowDecimal={false} {...record.inputProps('unitsTotal')} />
      </SimpleGrid>
      <Textarea label={t('common:fields.notes')} autosize minRows={2} maxRows={6} {...record.inputProps('notes')} />
    </RecordFormFrame>
  );
}

/** "40/wk · 160/mo · 2,000 total": the limits an authorization gives, in the shown language. */
function limitsText(a: ClientAuthorizationOutput, t: TFunction<['records', 'common']>): string {
  const parts: string[] = [];
  if (a.unitsPerWeek !== null) parts.push(t('authorizations.perWeek', { units: formatCount(a.unitsPerWeek) }));
  if (a.unitsPerMonth !== null) parts.push(t('authorizations.perMonth', { units: formatCount(a.unitsPerMonth) }));
  if (a.unitsTotal !== null) parts.push(t('authorizations.total', { units: formatCount(a.unitsTotal) }));
  return parts.join(' · ');
}

const serviceOf = (a: ClientAuthorizationOutput) => `${a.serviceCode}${modifiersText(a.modifiers)}`;

function PeriodCell({ authorization: a, today }: { authorization: ClientAuthorizationOutput; today: string }) {
  const { t } = useTranslation(['records', 'common']);
  return (
    <Group gap={6} wrap="nowrap">
      {formatDate(a.startDate)} – {formatDate(a.endDate)}
      {a.endDate < today && (
        <Badge size="xs" color="gray" variant="light">
          {t('authorizations.ended')}
        </Badge>
      )}
      {a.startDate > today && (
        <Badge size="xs" color="blue" variant="light">
          {t('authorizations.upcoming')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The table's columns: the authorization, then this month's units from `metrics` (a dash when the metrics have
 * none for it, an ellipsis while they load; remaining units below zero in red).
 */
function authorizationColumns(
  metrics: { data?: ClientAuthMetric[]; isPending: boolean },
  today: string,
  t: TFunction<['records', 'common']>,
): RecordColumn<ClientAuthorizationOutput>[] {
  const metricOf = (id: number) => metrics.data?.find((m) => m.authorizationId === id);
  const metricColumn = (label: string, key: 'authorized' | 'scheduled' | 'used' | 'remaining') => ({
    label,
    align: 'right' as const,
    cell: (a: ClientAuthorizationOutput) => {
      const value = metricOf(a.id)?.[key];
      return value === undefined ? (metrics.isPending ? '…' : '—') : formatCount(value);
    },
    td: (a: ClientAuthorizationOutput) => {
      const metric = metricOf(a.id);
      const over = key === 'remaining' && metric !== undefined && metric.remaining < 0;
      return { c: over ? 'red' : undefined, fw: over ? 600 : undefined };
    },
  });
  return [
    { label: t('authorizations.payer'), cell: (a) => a.payerSourceName },
    { label: t('authorizations.service'), cell: serviceOf, nowrap: true },
    { label: t('authorizations.authNumber'), cell: (a) => a.authorizationNumber ?? '—' },
    { label: t('authorizations.period'), cell: (a) => <PeriodCell authorization={a} today={today} />, nowrap: true },
    { label: t('authorizations.limits'), cell: (a) => limitsText(a, t), nowrap: true },
    metricColumn(t('authorizations.authorized'), 'authorized'),
    metricColumn(t('authorizations.scheduled'), 'scheduled'),
    metricColumn(t('authorizations.used'), 'used'),
    metricColumn(t('authorizations.remaining'), 'remaining'),
  ];
}

/**
 * The client's authorizations (payer, service code and modifiers, units per week / month / total, dates, number),
 * each with this month's units: authorized, scheduled, used and remaining (getClientAuthMetrics).
 */
export function ClientAuthorizationsSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['records', 'common']);
  const [period] = useState(() => monthRange());
  // Only with a client and both dates (spec section 5: the metrics query waits for its key parameters).
  const metricsInput =
    clientId && period.startDate && period.endDate ? { clientId, startDate: period.startDate, endDate: period.endDate } : null;
  const metrics = useQuery(trpc.getClientAuthMetrics.queryOptions(metricsInput ?? skipToken));
  const { list, api } = useOwnedRecords<{ clientId: number }, ClientAuthorizationOutput, AuthorizationPayload>(
    { clientId },
    {
      list: trpc.getClientAuthorizations,
      create: trpc.createClientAuthorization,
      update: trpc.updateClientAuthorization,
      remove: trpc.deleteClientAuthorization,
    },
    canEdit,
    () => void queryClient.invalidateQueries({ queryKey: trpc.getClientAuthMetrics.queryKey() }),
  );
  return (
    <RecordTableSection
      title={t('authorizations.title')}
      loadingLabel={t('authorizations.loading')}
      noun={t('authorizations.noun')}
      addLabel={t('authorizations.add')}
      emptyText={t('authorizations.empty')}
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      canAdd={canEdit}
      canEdit={() => canEdit}
      what={(a) => t('authorizations.what', { service: serviceOf(a) })}
      remove={api.remove}
      above={
        metrics.isError && (
          <Text size="xs" c="red" role="alert">
            {t('authorizations.metricsFailed', { message: metrics.error.message })}
          </Text>
        )
      }
      table={{
        minWidth: 960,
        columns: authorizationColumns(metrics, todayIso(), t),
        actionsWidth: 60,
        head: (
          <Table.Tr>
            <Table.Th colSpan={5} />
            <Table.Th colSpan={4} ta="center" fz="xs" c="dimmed" style={{ borderBottom: 0 }}>
              {t('authorizations.unitsIn', { month: monthName(new Date(`${period.startDate}T12:00:00`)) })}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        ),
      }}
      modalSize="xl"
      form={(p) => <AuthorizationForm {...p} api={api} />}
    />
  );
}
