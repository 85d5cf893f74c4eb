import { Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('schedule');
  const values = record.form.values;
  const combos = useQuery({
    ...trpc.getClientAuthorizationCodeCombos.queryOptions(clientId ? { clientId } : skipToken),
    staleTime: 60_000,
  });
  const payers = usePayerSourceOptions();
  const list = combos.data ?? [];
  const current = list.find((c) => comboKey(c) === comboKey(values));
  let placeholder = t('service.pickAuthorization');
  if (!clientId) placeholder = t('service.pickClientFirst');
  else if (combos.isPending) placeholder = t('service.loading');
  else if (list.length === 0) placeholder = t('service.noAuthorizations');
  return (
    <>
      <Select
        label={t('service.authorizedService')}
        description={t('service.authorizedServiceHelp')}
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
          label={t('service.payer')}
          data={payers.options}
          searchable
          clearable
          placeholder={t('service.none')}
          {...record.inputProps('payerSourceId')}
        />
        <TextInput
          label={t('service.serviceCode')}
          placeholder={t('service.serviceCodeExample')}
          {...record.inputProps('serviceCode')}
        />
        <TagsInput
          label={t('service.modifiers')}
          size="xs"
          placeholder={t('service.modifiersExample')}
          maxTags={4}
          splitChars={[',', ' ']}
          {...record.inputProps('modifiers')}
        />
      </SimpleGrid>
    </>
  );
}
