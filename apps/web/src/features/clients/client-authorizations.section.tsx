import { useState } from 'react';
import { Badge, Group, NumberInput, Select, SimpleGrid, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authorizationRuleErrors,
  ZClientAuthorizationFields,
  type ClientAuthMetric,
  type ClientAuthorizationOutput,
} from '@hearth/shared/clients/client-authorizations.schema';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { usePayerSourceOptions } from '@/components/records/options';
import { blankToNull, numberOrNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { SectionCard } from '@/components/records/section-card';
import { formatDate } from '@/format/date-format';
import { monthName, monthRange, todayIso, addDays } from '@/format/local-date';
import { useRecordForm } from '@/forms/use-record-form';
import { AddButton, RecordModal } from '@/components/records/record-modal';

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

function AuthorizationForm(props: {
  clientId: number;
  authorization: ClientAuthorizationOutput | null;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { clientId, authorization: a, onDone, onSaved } = props;
  const trpc = useTRPC();
  const payers = usePayerSourceOptions(a ? { id: a.payerSourceId, name: a.payerSourceName } : null);
  const create = useMutation(trpc.createClientAuthorization.mutationOptions());
  const update = useMutation(trpc.updateClientAuthorization.mutationOptions());
  const today = todayIso();
  const record = useRecordForm<AuthorizationFormValues, ReturnType<typeof toPayload>>({
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
    check: (payload) =>
      a
        ? { action: 'updateClientAuthorization', input: { id: a.id, ...payload } }
        : { action: 'createClientAuthorization', input: { clientId, ...payload } },
  });
  const { form } = record;
  const done = () => {
    notifications.show({ color: 'teal', message: a ? 'Authorization saved' : 'Authorization added' });
    onSaved();
    onDone();
  };
  const submit = (values: AuthorizationFormValues) => {
    const payload = toPayload(values);
    if (a) update.mutate({ id: a.id, ...payload }, { onSuccess: done, onError: record.onSaveError });
    else create.mutate({ clientId, ...payload }, { onSuccess: done, onError: record.onSaveError });
  };
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={create.isPending || update.isPending}>
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

function MetricCells({ metric, loading }: { metric: ClientAuthMetric | undefined; loading: boolean }) {
  const cell = (value: number | undefined, color?: string) => (
    <Table.Td ta="right" c={color} fw={color ? 600 : undefined}>
      {value === undefined ? (loading ? '…' : '—') : value.toLocaleString('en-US')}
    </Table.Td>
  );
  return (
    <>
      {cell(metric?.authorized)}
      {cell(metric?.scheduled)}
      {cell(metric?.used)}
      {cell(metric?.remaining, metric && metric.remaining < 0 ? 'red' : undefined)}
    </>
  );
}

/**
 * The client's authorizations (payer, service code and modifiers, units per week / month / total, dates, number),
 * each with this month's units: authorized, scheduled, used and remaining (getClientAuthMetrics).
 */
export function ClientAuthorizationsSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [period] = useState(() => ({ ...monthRange(), name: monthName() }));
  const authorizations = useQuery(trpc.getClientAuthorizations.queryOptions({ clientId }));
  // Only with a client and both dates (spec section 5: the metrics query waits for its key parameters).
  const metricsInput =
    clientId && period.startDate && period.endDate ? { clientId, startDate: period.startDate, endDate: period.endDate } : null;
  const metrics = useQuery(trpc.getClientAuthMetrics.queryOptions(metricsInput ?? skipToken));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.getClientAuthorizations.queryKey({ clientId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.getClientAuthMetrics.queryKey() });
  };
  const remove = useMutation(trpc.deleteClientAuthorization.mutationOptions({ onSuccess: refresh }));
  const [editing, setEditing] = useState<ClientAuthorizationOutput | 'new' | null>(null);
  const close = () => setEditing(null);
  const rows = authorizations.data ?? [];
  const metricOf = (id: number) => metrics.data?.find((m) => m.authorizationId === id);
  const today = todayIso();
  return (
    <SectionCard
      title="Authorizations"
      loading={authorizations.isPending}
      error={authorizations.error}
      empty={authorizations.data?.length === 0 && 'No authorizations yet.'}
      actions={canEdit && <AddButton label="Add authorization" onClick={() => setEditing('new')} />}
    >
      {metrics.isError && (
        <Text size="xs" c="red" role="alert">
          This month&apos;s units could not be loaded: {metrics.error.message}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={960} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label="Authorizations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th colSpan={5} />
                <Table.Th colSpan={4} ta="center" fz="xs" c="dimmed" style={{ borderBottom: 0 }}>
                  Units in {period.name}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Payer</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th>Auth #</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Limits</Table.Th>
                <Table.Th ta="right">Authorized</Table.Th>
                <Table.Th ta="right">Scheduled</Table.Th>
                <Table.Th ta="right">Used</Table.Th>
                <Table.Th ta="right">Remaining</Table.Th>
                <Table.Th w={60} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => {
                const service = `${a.serviceCode}${modifiersText(a.modifiers)}`;
                const ended = a.endDate < today;
                const future = a.startDate > today;
                return (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.payerSourceName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{service}</Table.Td>
                    <Table.Td>{a.authorizationNumber ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap={6} wrap="nowrap">
                        {formatDate(a.startDate)} – {formatDate(a.endDate)}
                        {ended && (
                          <Badge size="xs" color="gray" variant="light">
                            Ended
                          </Badge>
                        )}
                        {future && (
                          <Badge size="xs" color="blue" variant="light">
                            Upcoming
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{limitsText(a)}</Table.Td>
                    <MetricCells metric={metricOf(a.id)} loading={metrics.isPending} />
                    <Table.Td>
                      {canEdit && (
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <EditButton what={`authorization ${service}`} onClick={() => setEditing(a)} />
                          <DeleteButton what={`authorization ${service}`} onConfirm={() => remove.mutateAsync({ id: a.id })} />
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RecordModal editing={editing} onClose={close} noun="authorization" size="xl">
        {(row) => <AuthorizationForm clientId={clientId} authorization={row} onDone={close} onSaved={refresh} />}
      </RecordModal>
    </SectionCard>
  );
}
