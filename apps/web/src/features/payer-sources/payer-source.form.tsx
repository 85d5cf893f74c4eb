import { Button, Group, Select, SimpleGrid, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  EVV_AGGREGATORS,
  PAYER_TYPES,
  type EvvAggregator,
  type PayerType,
  type RoundingRule,
} from '@hearth/shared/payer-sources/payer-sources.constants';
import type { PayerSourceDetail } from '@hearth/shared/payer-sources/payer-sources.schema';
import { blankToNull, numberOrNull } from '@/components/records/record-api';
import { i18n } from '@/i18n/i18n.setup';
import { centsToDollars, dollarsToCents } from '@/format/money';
import type { RecordForm } from '@/forms/use-record-form';
import { ServiceRow } from './payer-source.service-row';

/** A service row of the form: the bill rate in dollars per unit (cents on the wire). */
interface ServiceValues {
  serviceCode: string;
  modifiers: string[];
  description: string;
  billRate: number | string;
  unitMinutes: number | string;
  roundingRule: RoundingRule;
}

export interface PayerSourceFormValues {
  name: string;
  payerType: PayerType | null;
  payerId: string;
  evvAggregator: EvvAggregator;
  requiresEvv: boolean;
  isActive: boolean;
  services: ServiceValues[];
}

export function payerSourceFormValues(payer: PayerSourceDetail | null): PayerSourceFormValues {
  return {
    name: payer?.name ?? '',
    payerType: payer?.payerType ?? null,
    payerId: payer?.payerId ?? '',
    evvAggregator: payer?.evvAggregator ?? 'none',
    requiresEvv: payer?.requiresEvv ?? false,
    isActive: payer?.isActive ?? true,
    services: (payer?.services ?? []).map((s) => ({
      serviceCode: s.serviceCode,
      modifiers: s.modifiers,
      description: s.description ?? '',
      billRate: centsToDollars(s.billRateCents),
      unitMinutes: s.unitMinutes,
      roundingRule: s.roundingRule,
    })),
  };
}

/** The payer and its whole set of services as createPayerSource / updatePayerSource take them (rates in cents). */
export function payerSourcePayload(v: PayerSourceFormValues) {
  return {
    name: v.name.trim(),
    // An unpicked type is left for the schema to refuse ("Choose a payer type").
    payerType: (v.payerType ?? '') as PayerType,
    payerId: blankToNull(v.payerId),
    evvAggregator: v.evvAggregator,
    requiresEvv: v.requiresEvv,
    isActive: v.isActive,
    services: v.services.map((s) => ({
      serviceCode: s.serviceCode.trim().toUpperCase(),
      modifiers: s.modifiers.map((m) => m.trim().toUpperCase()).filter(Boolean),
      description: blankToNull(s.description),
      billRateCents: dollarsToCents(s.billRate) ?? Number.NaN,
      unitMinutes: numberOrNull(s.unitMinutes) ?? Number.NaN,
      roundingRule: s.roundingRule,
    })),
  };
}
export type PayerSourcePayload = ReturnType<typeof payerSourcePayload>;

/** Errors on cents belong to the dollar input: services.0.billRateCents → services.0.billRate. */
export const payerSourceFieldOf = (path: string) => path.replace(/\.billRateCents$/, '.billRate');

export const payerSourceRules = (v: PayerSourceFormValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  v.services.forEach((s, i) => {
    if (s.billRate === '') errors[`services.${i}.billRate`] = i18n.t('payers.billRateRequired', { ns: 'finance' });
    if (s.unitMinutes === '') errors[`services.${i}.unitMinutes`] = i18n.t('payers.unitRequired', { ns: 'finance' });
  });
  return errors;
};

/** The payer's own inputs: name, payer type, payer id, EVV aggregator and, unless `brief`, the two switches. */
export function PayerSourceFields({ record, brief = false }: { record: RecordForm<PayerSourceFormValues>; brief?: boolean }) {
  const { t } = useTranslation('finance');
  const payerTypes = PAYER_TYPES.map((value) => ({ value, label: t(`payers.types.${value}`) }));
  const aggregators = EVV_AGGREGATORS.map((value) => ({ value, label: t(`payers.aggregators.${value}`) }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('payers.name')} required data-autofocus {...record.inputProps('name')} />
        <Select
          label={t('payers.payerType')}
          required
          data={payerTypes}
          allowDeselect={false}
          {...record.inputProps('payerType')}
        />
        <TextInput label={t('payers.payerId')} description={t('payers.payerIdDescription')} {...record.inputProps('payerId')} />
        <Select
          label={t('payers.aggregator')}
          description={t('payers.aggregatorDescription')}
          data={aggregators}
          allowDeselect={false}
          {...record.inputProps('evvAggregator')}
        />
      </SimpleGrid>
      {!brief && (
        <Group gap="xl">
          <Switch label={t('payers.requiresEvv')} {...record.inputProps('requiresEvv', { type: 'checkbox' })} />
          <Switch label={t('payers.active')} {...record.inputProps('isActive', { type: 'checkbox' })} />
        </Group>
      )}
    </>
  );
}

/** The services table: one editable row per service code, added and removed here and saved with the payer. */
export function ServicesTable({ record }: { record: RecordForm<PayerSourceFormValues> }) {
  const { t } = useTranslation('finance');
  const { form } = record;
  const addRow = () =>
    form.insertListItem('services', {
      serviceCode: '',
      modifiers: [],
      description: '',
      billRate: '',
      unitMinutes: 15,
      roundingRule: 'cms_8_minute',
    });
  return (
    <>
      <Group justify="space-between">
        <Text fw={600}>{t('payers.services')}</Text>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={addRow}>
          {t('payers.addService')}
        </Button>
      </Group>
      {form.values.services.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payers.noServices')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table verticalSpacing={4} horizontalSpacing={6} aria-label={t('payers.services')} style={{ verticalAlign: 'top' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>{t('payers.serviceCode')}</Table.Th>
                <Table.Th w={150}>{t('payers.modifiers')}</Table.Th>
                <Table.Th>{t('payers.description')}</Table.Th>
                <Table.Th w={120}>{t('payers.billRate')}</Table.Th>
                <Table.Th w={100}>{t('payers.unit')}</Table.Th>
                <Table.Th w={170}>{t('payers.rounding')}</Table.Th>
                <Table.Th w={36} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.services.map((_, i) => (
                <ServiceRow
                  key={i}
                  index={i}
                  inputProps={record.inputProps}
                  onRemove={() => form.removeListItem('services', i)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
