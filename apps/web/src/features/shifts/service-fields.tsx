import { Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { usePayerSourceOptions } from '@/components/records/options';
import type { RecordForm } from '@/forms/use-record-form';

/** The form values of a visit's service: payer source, HCPCS code and modifiers. */
export interface ServiceValues {
  payerSourceId: string | null;
  serviceCode: string;
  modifiers: string[];
}

const comboKey = (c: { payerSourceId: number | string | null; serviceCode: string; modifiers: string[] }) =>
  `${String(c.payerSourceId)}|${c.serviceCode.trim().toUpperCase()}|${[...c.modifiers].sort().join(' ')}`;

/** The service part of a payload: code upper-cased (null when blank), modifiers, payer id (null when none). */
export function servicePayload(v: ServiceValues) {
  const code = v.serviceCode.trim().toUpperCase();
  return {
    serviceCode: code === '' ? null : code,
    modifiers: v.modifiers.map((m) => m.trim().toUpperCase()).filter(Boolean),
    payerSourceId: v.payerSourceId === null ? null : Number(v.payerSourceId),
  };
}

/**
 * A visit's service: the client's authorized payer and code pairs to pick from (getClientAuthorizationCodeCombos
 * {clientId}; the server matches the covering authorization), or a payer and code set by hand.
 */
export function ServiceFields<V extends ServiceValues>({ clientId, record }: { clientId: number | null; record: RecordForm<V> }) {
  const trpc = useTRPC();
  const values = record.form.values;
  const combos = useQuery({
    ...trpc.getClientAuthorizationCodeCombos.queryOptions(clientId ? { clientId } : skipToken),
    staleTime: 60_000,
  });
  const payers = usePayerSourceOptions();
  const list = combos.data ?? [];
  const current = list.find((c) => comboKey(c) === comboKey(values));
  let placeholder = 'Pick one of the client’s authorizations';
  if (!clientId) placeholder = 'Pick a client first';
  else if (combos.isPending) placeholder = 'Loading…';
  else if (list.length === 0) placeholder = 'No current authorizations';
  return (
    <>
      <Select
        label="Authorized service"
        description="Fills the payer, code and modifiers; the covering authorization is matched on save."
        placeholder={placeholder}
        disabled={list.length === 0}
        clearable
        data={list.map((c) => ({
          value: comboKey(c),
          label: `${c.payerSourceName} · ${[c.serviceCode, ...c.modifiers].join(' ')}`,
        }))}
        value={current ? comboKey(current) : null}
        onChange={(key) => {
          const picked = list.find((c) => comboKey(c) === key);
          record.form.setValues({
            payerSourceId: picked ? String(picked.payerSourceId) : null,
            serviceCode: picked?.serviceCode ?? '',
            modifiers: picked?.modifiers ?? [],
          } as Partial<V>);
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label="Payer"
          data={payers.options}
          searchable
          clearable
          placeholder="None"
          {...record.inputProps('payerSourceId')}
        />
        <TextInput label="Service code" placeholder="T1019" {...record.inputProps('serviceCode')} />
        <TagsInput
          label="Modifiers"
          size="xs"
          placeholder="U1, TT"
          maxTags={4}
          splitChars={[',', ' ']}
          {...record.inputProps('modifiers')}
        />
      </SimpleGrid>
    </>
  );
}
