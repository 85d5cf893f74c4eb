import { useState } from 'react';
import { Badge, Checkbox, Divider, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { addressRuleErrors } from '@hearth/shared/caregivers/caregivers.schema';
import type { AddressOutputFields } from '@hearth/shared/records/records.schema';
import { useRecordForm } from '@/forms/use-record-form';
import { DeleteButton } from './delete-button';
import { EditButton } from './edit-button';
import { RecordFormFrame } from './record-form-frame';
import { useOwnedRecords, type OwnedRecordProcedures } from './owned-records';
import { blankToNull, numberOrNull, type RecordApi } from './record-api';
import { SectionCard } from './section-card';
import { AddButton, RecordModal } from './record-modal';

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

function AddressForm(props: {
  address: AddressRow | null;
  first: boolean;
  withLabel: boolean;
  schema: z.ZodType;
  api: RecordApi<AddressPayload>;
  onDone: () => void;
}) {
  const { address, first, withLabel, schema, api, onDone } = props;
  const id = address?.id ?? null;
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
  const record = useRecordForm<AddressFormValues, AddressPayload>({
    initialValues: {
      label: address?.label ?? (withLabel && first ? 'Home' : ''),
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
    check: (payload) => api.check(payload, id),
  });
  const [pending, setPending] = useState(false);
  const submit = async (values: AddressFormValues) => {
    setPending(true);
    try {
      await api.save(toPayload(values), id);
      notifications.show({ color: 'teal', message: id === null ? 'Address added' : 'Address saved' });
      onDone();
    } catch (error) {
      record.onSaveError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <RecordFormFrame record={record} onSubmit={(v) => void submit(v)} onCancel={onDone} pending={pending}>
      {withLabel && <TextInput label="Label" placeholder="Home, Daughter's house" {...record.inputProps('label')} />}
      <TextInput label="Street address" required {...record.inputProps('line1')} />
      <TextInput label="Address line 2" {...record.inputProps('line2')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="City" required {...record.inputProps('city')} />
        <TextInput label="State" required maxLength={2} placeholder="MA" {...record.inputProps('state')} />
        <TextInput label="ZIP" required {...record.inputProps('zip')} />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput label="Latitude" decimalScale={6} hideControls {...record.inputProps('lat')} />
        <NumberInput label="Longitude" decimalScale={6} hideControls {...record.inputProps('lon')} />
      </SimpleGrid>
      <Checkbox label="Primary address (used for visits and the map)" {...record.inputProps('isPrimary', { type: 'checkbox' })} />
    </RecordFormFrame>
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
  const { data: addresses, isPending: loading, error } = list;
  const [editing, setEditing] = useState<AddressRow | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <SectionCard
      title="Addresses"
      loading={loading}
      error={error}
      empty={addresses?.length === 0 && 'No addresses yet.'}
      actions={api.canEdit && <AddButton label="Add address" onClick={() => setEditing('new')} />}
    >
      {addresses && addresses.length > 0 && (
        <Stack gap={0} role="list" aria-label="Addresses">
          {addresses.map((a, index) => (
            <div key={a.id} role="listitem">
              {index > 0 && <Divider my={6} />}
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    {withLabel && a.label && (
                      <Text size="sm" fw={600}>
                        {a.label}
                      </Text>
                    )}
                    {a.isPrimary && (
                      <Badge size="xs" variant="light">
                        Primary
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{addressLine(a)}</Text>
                  {a.lat !== null && a.lon !== null && (
                    <Text size="xs" c="dimmed">
                      {a.lat.toFixed(5)}, {a.lon.toFixed(5)}
                    </Text>
                  )}
                </div>
                {api.canEdit && (
                  <Group gap={2} wrap="nowrap">
                    <EditButton what={`address ${a.line1}`} onClick={() => setEditing(a)} />
                    <DeleteButton what={`address ${a.line1}`} onConfirm={() => api.remove(a.id)} />
                  </Group>
                )}
              </Group>
            </div>
          ))}
        </Stack>
      )}
      <RecordModal editing={editing} onClose={close} noun="address" size="lg">
        {(row) => (
          <AddressForm
            address={row}
            first={(addresses?.length ?? 0) === 0}
            withLabel={withLabel}
            schema={schema}
            api={api}
            onDone={close}
          />
        )}
      </RecordModal>
    </SectionCard>
  );
}
