import { Badge, Checkbox, Group, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { addressRuleErrors } from '@hearth/shared/caregivers/caregivers.schema';
import type { AddressOutputFields } from '@hearth/shared/records/records.schema';
import { RecordFormFrame } from './record-form-frame';
import { useRecordSave, type RecordFormProps } from './record-save';
import { useOwnedRecords, type OwnedRecordProcedures } from './owned-records';
import { blankToNull, numberOrNull } from './record-api';
import { RecordTableSection } from './record-table';

/** An address as the client and caregiver address lists return it (only clients' have a label). */
export type AddressRow = { id: number; label?: string | null } & Omit<AddressOutputFields, 'createdAt'>;

/** What the address form sends: an address without its id (label only where the record kind has one). */
export type AddressPayload = Omit<AddressRow, 'id'>;

interface AddressFormValues {
  label: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  lat: number | string;
  lon: number | string;
  isPrimary: boolean;
}

/** One line for an address: "12 Elm St, Apt 2, Boston, MA 02118". */
export function addressLine(a: Pick<AddressRow, 'line1' | 'line2' | 'city' | 'state' | 'zip'>): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

function AddressForm(
  props: RecordFormProps<AddressRow, AddressPayload> & { first: boolean; withLabel: boolean; schema: z.ZodType },
) {
  const { row: address, first, withLabel, schema } = props;
  const { t } = useTranslation(['records', 'common']);
  const toPayload = (v: AddressFormValues): AddressPayload => ({
    ...(withLabel ? { label: blankToNull(v.label) } : {}),
    line1: v.line1.trim(),
    line2: blankToNull(v.line2),
    city: v.city.trim(),
    state: v.state.trim().toUpperCase(),
    zip: v.zip.trim(),
    lat: numberOrNull(v.lat),
    lon: numberOrNull(v.lon),
    isPrimary: v.isPrimary,
  });
  const { record, frame } = useRecordSave<AddressRow, AddressFormValues, AddressPayload>(props, 'addresses', {
    initialValues: {
      label: address?.label ?? (withLabel && first ? t('addresses.defaultLabel') : ''),
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zip: address?.zip ?? '',
      lat: address?.lat ?? '',
      lon: address?.lon ?? '',
      isPrimary: address?.isPrimary ?? first,
    },
    toPayload,
    schema,
    // Latitude and longitude come together (the same rule as the server's).
    rules: (v) => addressRuleErrors({ lat: numberOrNull(v.lat), lon: numberOrNull(v.lon) }),
  });
  return (
    <RecordFormFrame {...frame}>
      {withLabel && (
        <TextInput label={t('addresses.label')} placeholder={t('addresses.labelPlaceholder')} {...record.inputProps('label')} />
      )}
      <TextInput label={t('addresses.street')} required {...record.inputProps('line1')} />
      <TextInput label={t('common:fields.addressLine2')} {...record.inputProps('line2')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label={t('common:fields.city')} required {...record.inputProps('city')} />
        <TextInput label={t('common:fields.state')} required maxLength={2} placeholder="MA" {...record.inputProps('state')} />
        <TextInput label={t('common:fields.zip')} required {...record.inputProps('zip')} />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput label={t('addresses.latitude')} decimalScale={6} hideControls {...record.inputProps('lat')} />
        <NumberInput label={t('addresses.longitude')} decimalScale={6} hideControls {...record.inputProps('lon')} />
      </SimpleGrid>
      <Checkbox label={t('addresses.primaryCheckbox')} {...record.inputProps('isPrimary', { type: 'checkbox' })} />
    </RecordFormFrame>
  );
}

/** An address in the list: its label and primary mark, the address line, and its coordinates when it has them. */
function AddressItem({ address: a, withLabel }: { address: AddressRow; withLabel: boolean }) {
  const { t } = useTranslation(['records', 'common']);
  return (
    <>
      <Group gap={6}>
        {withLabel && a.label && (
          <Text size="sm" fw={600}>
            {a.label}
          </Text>
        )}
        {a.isPrimary && (
          <Badge size="xs" variant="light">
            {t('addresses.primary')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{addressLine(a)}</Text>
      {a.lat !== null && a.lon !== null && (
        <Text size="xs" c="dimmed">
          {a.lat.toFixed(5)}, {a.lon.toFixed(5)}
        </Text>
      )}
    </>
  );
}

/**
 * The addresses of a client or caregiver: a list with add, edit and delete in a modal. The feature passes its
 * owner ({clientId} or {caregiverId}), its four address procedures, the shared schema of the address form and
 * whether its addresses have a label (clients' do).
 */
export function AddressesSection<Owner extends object, Row extends AddressRow>(props: {
  owner: Owner;
  procedures: OwnedRecordProcedures<Owner, Row, AddressPayload>;
  canEdit: boolean;
  withLabel: boolean;
  schema: z.ZodType;
}) {
  const { owner, procedures, canEdit, withLabel, schema } = props;
  const { list, api } = useOwnedRecords(owner, procedures, canEdit);
  const { t } = useTranslation(['records', 'common']);
  return (
    <RecordTableSection
      title={t('addresses.title')}
      loadingLabel={t('addresses.loading')}
      noun={t('addresses.noun')}
      addLabel={t('addresses.add')}
      emptyText={t('addresses.empty')}
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      canAdd={api.canEdit}
      canEdit={() => api.canEdit}
      what={(a) => t('addresses.what', { line: a.line1 })}
      remove={api.remove}
      list={{
        label: t('addresses.title'),
        gap: 0,
        divider: { my: 6 },
        item: (a) => <AddressItem address={a} withLabel={withLabel} />,
      }}
      modalSize="lg"
      form={(p) => <AddressForm {...p} first={!list.data?.length} withLabel={withLabel} schema={schema} api={api} />}
    />
  );
}
