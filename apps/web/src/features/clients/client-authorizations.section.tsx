import { useState } from 'react';
import { Badge, Group, NumberInput, Select, SimpleGrid, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const payer = useQuery(trpc.getPayerSource.queryOptions(payerSourceId ? { id: Number(payerSourceId) } : skipToken));
  const services = payer.data?.services ?? [];
  const key = (s: { serviceCode: string; modifiers: string[] }) => `${s.serviceCode}|${[...s.modifiers].sort().join(' ')}`;
  const current = services.find((s) => key(s) === key({ serviceCode: serviceCode.trim().toUpperCase(), modifiers }));
  return (
    <Select
      label="Payer service"
      placeholder={
        payerSourceId ? (services.length > 0 ? 'Pick a service' : 'This payer lists no services') : 'Pick a payer first'
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
  const { record, frame } = useRecordSave<ClientAuthorizationOutput, AuthorizationFormValues, AuthorizationPayload>(
    props,
    'Authorization',
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
      rules: (v): Record<string, string> => (v.payerSourceId === null ? { payerSourceId: 'Payer source is required' } : {}),
    },
  );
  const { form } = record;
  return (
    <RecordFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Payer source"
          required
          data={payers.options}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No active payer sources"
          {...record.inputProps('payerSourceId')}
        />
        <PayerServicePicker
          payerSourceId={form.values.payerSourceId}
          serviceCode={form.values.serviceCode}
          modifiers={form.values.modifiers}
          onPick={(s) => form.setValues({ serviceCode: s.serviceCode, modifiers: s.modifiers })}
        />
        <TextInput label="Service code" required placeholder="T1019" {...record.inputProps('serviceCode')} />
        <TagsInput
          label="Modifiers"
          size="xs"
          placeholder="U1, TT"
          maxTags={4}
          splitChars={[',', ' ']}
          {...record.inputProps('modifiers')}
        />
        <TextInput label="Authorization number" {...record.inputProps('authorizationNumber')} />
        <div />
        <TextInput label="Start date" type="date" required {...record.inputProps('startDate')} />
        <TextInput label="End date" type="date" required {...record.inputProps('endDate')} />
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm">
        <NumberInput label="Units per week" min={1} allowDecimal={false} {...record.inputProps('unitsPerWeek')} />
        <NumberInput label="Units per month" min={1} allowDecimal={false} {...record.inputProps('unitsPerMonth')} />
        <NumberInput label="Total units" min={1} allowDecimal={false} {...record.inputProps('unitsTotal')} />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} maxRows={6} {...record.inputProps('notes')} />
    </RecordFormFrame>
  );
}

/** "40/wk · 160/mo · 2,000 total": the limits an authorization gives. */
function limitsText(a: ClientAuthorizationOutput): string {
  const parts: string[] = [];
  if (a.unitsPerWeek !== null) parts.push(`${a.unitsPerWeek.toLocaleString('en-US')}/wk`);
  if (a.unitsPerMonth !== null) parts.push(`${a.unitsPerMonth.toLocaleString('en-US')}/mo`);
  if (a.unitsTotal !== null) parts.push(`${a.unitsTotal.toLocaleString('en-US')} total`);
  return parts.join(' · ');
}

const serviceOf = (a: ClientAuthorizationOutput) => `${a.serviceCode}${modifiersText(a.modifiers)}`;

function PeriodCell({ authorization: a, today }: { authorization: ClientAuthorizationOutput; today: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {formatDate(a.startDate)} – {formatDate(a.endDate)}
      {a.endDate < today && (
        <Badge size="xs" color="gray" variant="light">
          Ended
        </Badge>
      )}
      {a.startDate > today && (
        <Badge size="xs" color="blue" variant="light">
          Upcoming
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
): RecordColumn<ClientAuthorizationOutput>[] {
  const metricOf = (id: number) => metrics.data?.find((m) => m.authorizationId === id);
  const metricColumn = (label: string, key: 'authorized' | 'scheduled' | 'used' | 'remaining') => ({
    label,
    align: 'right' as const,
    cell: (a: ClientAuthorizationOutput) => {
      const value = metricOf(a.id)?.[key];
      return value === undefined ? (metrics.isPending ? '…' : '—') : value.toLocaleString('en-US');
    },
    td: (a: ClientAuthorizationOutput) => {
      const metric = metricOf(a.id);
      const over = key === 'remaining' && metric !== undefined && metric.remaining < 0;
      return { c: over ? 'red' : undefined, fw: over ? 600 : undefined };
    },
  });
  return [
    { label: 'Payer', cell: (a) => a.payerSourceName },
    { label: 'Service', cell: serviceOf, nowrap: true },
    { label: 'Auth #', cell: (a) => a.authorizationNumber ?? '—' },
    { label: 'Period', cell: (a) => <PeriodCell authorization={a} today={today} />, nowrap: true },
    { label: 'Limits', cell: limitsText, nowrap: true },
    metricColumn('Authorized', 'authorized'),
    metricColumn('Scheduled', 'scheduled'),
    metricColumn('Used', 'used'),
    metricColumn('Remaining', 'remaining'),
  ];
}

/**
 * The client's authorizations (payer, service code and modifiers, units per week / month / total, dates, number),
 * each with this month's units: authorized, scheduled, used and remaining (getClientAuthMetrics).
 */
export function ClientAuthorizationsSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [period] = useState(() => ({ ...monthRange(), name: monthName() }));
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
      title="Authorizations"
      noun="authorization"
      addLabel="Add authorization"
      emptyText="No authorizations yet."
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      canAdd={canEdit}
      canEdit={() => canEdit}
      what={(a) => `authorization ${serviceOf(a)}`}
      remove={api.remove}
      above={
        metrics.isError && (
          <Text size="xs" c="red" role="alert">
            This month&apos;s units could not be loaded: {metrics.error.message}
          </Text>
        )
      }
      table={{
        minWidth: 960,
        columns: authorizationColumns(metrics, todayIso()),
        actionsWidth: 60,
        head: (
          <Table.Tr>
            <Table.Th colSpan={5} />
            <Table.Th colSpan={4} ta="center" fz="xs" c="dimmed" style={{ borderBottom: 0 }}>
              Units in {period.name}
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
