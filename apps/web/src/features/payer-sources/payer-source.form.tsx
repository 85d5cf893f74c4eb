import { Button, Group, Select, SimpleGrid, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  EVV_AGGREGATOR_LABELS,
  EVV_AGGREGATORS,
  PAYER_TYPE_LABELS,
  PAYER_TYPES,
  type EvvAggregator,
  type PayerType,
  type RoundingRule,
} from '@hearth/shared/payer-sources/payer-sources.constants';
import type { PayerSourceDetail } from '@hearth/shared/payer-sources/payer-sources.schema';
import { blankToNull, numberOrNull } from '@/components/records/record-api';
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
    if (s.billRate === '') errors[`services.${i}.billRate`] = 'Bill rate is required';
    if (s.unitMinutes === '') errors[`services.${i}.unitMinutes`] = 'Unit length is required';
  });
  return errors;
};

const PAYER_TYPE_OPTIONS = PAYER_TYPES.map((value) => ({ value, label: PAYER_TYPE_LABELS[value] }));
const EVV_OPTIONS = EVV_AGGREGATORS.map((value) => ({ value, label: EVV_AGGREGATOR_LABELS[value] }));

/** The payer's own inputs: name, payer type, payer id, EVV aggregator and, unless `brief`, the two switches. */
export function PayerSourceFields({ record, brief = false }: { record: RecordForm<PayerSourceFormValues>; brief?: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" required data-autofocus {...record.inputProps('name')} />
        <Select label="Payer type" required data={PAYER_TYPE_OPTIONS} allowDeselect={false} {...record.inputProps('payerType')} />
        <TextInput label="Payer ID" description="As the payer's claims know it" {...record.inputProps('payerId')} />
        <Select
          label="EVV aggregator"
          description="Where this payer's visits are exported"
          data={EVV_OPTIONS}
          allowDeselect={false}
          {...record.inputProps('evvAggregator')}
        />
      </SimpleGrid>
      {!brief && (
        <Group gap="xl">
          <Switch label="Requires EVV" {...record.inputProps('requiresEvv', { type: 'checkbox' })} />
          <Switch label="Active" {...record.inputProps('isActive', { type: 'checkbox' })} />
        </Group>
      )}
    </>
  );
}

/** The services table: one editable row per service code, added and removed here and saved with the payer. */
export function ServicesTable({ record }: { record: RecordForm<PayerSourceFormValues> }) {
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
        <Text fw={600}>Services</Text>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={addRow}>
          Add service
        </Button>
      </Group>
      {form.values.services.length === 0 ? (
        <Text size="sm" c="dimmed">
          No services yet. Add the service codes this payer pays for, with their bill rate per unit.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table verticalSpacing={4} horizontalSpacing={6} aria-label="Services" style={{ verticalAlign: 'top' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>Service code</Table.Th>
                <Table.Th w={150}>Modifiers</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={120}>Bill rate / unit</Table.Th>
                <Table.Th w={100}>Unit (min)</Table.Th>
                <Table.Th w={170}>Rounding</Table.Th>
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
