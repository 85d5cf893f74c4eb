import { useState } from 'react';
import { Alert, Autocomplete, Badge, Group, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { COMMON_CREDENTIALS } from '@hearth/shared/caregivers/caregivers.constants';
import {
  credentialRuleErrors,
  ZCaregiverCredentialFields,
  type CaregiverCredentialOutput,
  type CaregiverOutput,
} from '@hearth/shared/caregivers/caregivers.schema';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { SectionCard } from '@/components/records/section-card';
import { formatDate } from '@/format/date-format';
import { useRecordForm } from '@/forms/use-record-form';
import { AddButton, RecordModal } from '@/components/records/record-modal';

/** The form's checks: the fields, then the rule across them (expires on or after issued). */
const ZCredentialForm = ZCaregiverCredentialFields.superRefine((c, ctx) => addFieldIssues(ctx, credentialRuleErrors(c)));

interface CredentialFormValues {
  name: string;
  number: string;
  issuedOn: string;
  expiresOn: string;
}

const toPayload = (v: CredentialFormValues) => ({
  name: v.name.trim(),
  number: blankToNull(v.number),
  issuedOn: blankToNull(v.issuedOn),
  expiresOn: blankToNull(v.expiresOn),
});

/** "Expired 3 days ago", "Expires today", "Expires in 10 days". */
export function expiryText(c: Pick<CaregiverCredentialOutput, 'daysUntilExpiry'>): string {
  const days = c.daysUntilExpiry;
  if (days === null) return '';
  if (days < 0) return `Expired ${-days} ${-days === 1 ? 'day' : 'days'} ago`;
  if (days === 0) return 'Expires today';
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The flag of a credential: red once expired, orange within the warning window; a renewed one is not flagged. */
export function ExpiryBadge({ credential: c }: { credential: CaregiverCredentialOutput }) {
  if (c.superseded) {
    return (
      <Badge size="sm" color="gray" variant="light">
        Renewed
      </Badge>
    );
  }
  if (c.expiryStatus === 'expired') {
    return (
      <Badge size="sm" color="red" variant="filled">
        {expiryText(c)}
      </Badge>
    );
  }
  if (c.expiryStatus === 'expiring') {
    return (
      <Badge size="sm" color="orange" variant="filled">
        {expiryText(c)}
      </Badge>
    );
  }
  if (c.expiryStatus === 'valid') {
    return (
      <Badge size="sm" color="teal" variant="light">
        Valid
      </Badge>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      No expiry
    </Text>
  );
}

function CredentialForm(props: {
  caregiverId: number;
  credential: CaregiverCredentialOutput | null;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { caregiverId, credential: c, onDone, onSaved } = props;
  const trpc = useTRPC();
  const create = useMutation(trpc.createCaregiverCredential.mutationOptions());
  const update = useMutation(trpc.updateCaregiverCredential.mutationOptions());
  const record = useRecordForm<CredentialFormValues, ReturnType<typeof toPayload>>({
    initialValues: {
      name: c?.name ?? '',
      number: c?.number ?? '',
      issuedOn: c?.issuedOn ?? '',
      expiresOn: c?.expiresOn ?? '',
    },
    toPayload,
    schema: ZCredentialForm,
    check: (payload) =>
      c
        ? { action: 'updateCaregiverCredential', input: { id: c.id, ...payload } }
        : { action: 'createCaregiverCredential', input: { caregiverId, ...payload } },
  });
  const done = () => {
    notifications.show({ color: 'teal', message: c ? 'Credential saved' : 'Credential added' });
    onSaved();
    onDone();
  };
  const submit = (values: CredentialFormValues) => {
    const payload = toPayload(values);
    if (c) update.mutate({ id: c.id, ...payload }, { onSuccess: done, onError: record.onSaveError });
    else create.mutate({ caregiverId, ...payload }, { onSuccess: done, onError: record.onSaveError });
  };
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={create.isPending || update.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete label="Name" required data={[...COMMON_CREDENTIALS]} data-autofocus {...record.inputProps('name')} />
        <TextInput label="Number" {...record.inputProps('number')} />
        <TextInput label="Issued on" type="date" {...record.inputProps('issuedOn')} />
        <TextInput label="Expires on" type="date" {...record.inputProps('expiresOn')} />
      </SimpleGrid>
    </RecordFormFrame>
  );
}

/** The flagged credentials above the profile's sections: expired (red) or expiring within 30 days (orange). */
export function ExpiringCredentialsAlert({ caregiver }: { caregiver: CaregiverOutput }) {
  const flagged = caregiver.expiringCredentials;
  if (flagged.length === 0) return null;
  const anyExpired = flagged.some((c) => c.expiryStatus === 'expired');
  return (
    <Alert
      color={anyExpired ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={anyExpired ? 'Credentials expired' : 'Credentials expiring soon'}
    >
      {flagged.map((c) => (
        <Text key={c.id} size="sm">
          {c.name}
          {c.expiresOn ? ` (${formatDate(c.expiresOn)})` : ''}: {expiryText(c)}
        </Text>
      ))}
    </Alert>
  );
}

/** Certifications and licenses with their expiry, flagged orange within 30 days and red once expired. */
export function CaregiverCredentialsSection({ caregiver, canEdit }: { caregiver: CaregiverOutput; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const caregiverId = caregiver.id;
  // The credentials and their flags come with the caregiver; a change refreshes both.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.getCaregiver.queryKey({ id: caregiverId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.getCaregiverCredentials.queryKey({ caregiverId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
  };
  const remove = useMutation(trpc.deleteCaregiverCredential.mutationOptions({ onSuccess: refresh }));
  const [editing, setEditing] = useState<CaregiverCredentialOutput | 'new' | null>(null);
  const close = () => setEditing(null);
  const rows = [...caregiver.credentials].sort(
    (a, b) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999') || a.name.localeCompare(b.name),
  );
  return (
    <SectionCard
      title="Credentials"
      empty={rows.length === 0 && 'No credentials yet.'}
      actions={canEdit && <AddButton label="Add credential" onClick={() => setEditing('new')} />}
    >
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label="Credentials">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={60} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => {
                const flagged = !c.superseded && (c.expiryStatus === 'expired' || c.expiryStatus === 'expiring');
                return (
                  <Table.Tr
                    key={c.id}
                    data-expiry={c.superseded ? 'renewed' : c.expiryStatus}
                    bg={
                      flagged
                        ? c.expiryStatus === 'expired'
                          ? 'var(--mantine-color-red-light)'
                          : 'var(--mantine-color-orange-light)'
                        : undefined
                    }
                  >
                    <Table.Td fw={flagged ? 600 : undefined}>{c.name}</Table.Td>
                    <Table.Td>{c.number ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.issuedOn ? formatDate(c.issuedOn) : '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.expiresOn ? formatDate(c.expiresOn) : '—'}</Table.Td>
                    <Table.Td>
                      <ExpiryBadge credential={c} />
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <EditButton what={`credential ${c.name}`} onClick={() => setEditing(c)} />
                          <DeleteButton what={`credential ${c.name}`} onConfirm={() => remove.mutateAsync({ id: c.id })} />
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
      <RecordModal editing={editing} onClose={close} noun="credential" size="lg">
        {(row) => <CredentialForm caregiverId={caregiverId} credential={row} onDone={close} onSaved={refresh} />}
      </RecordModal>
    </SectionCard>
  );
}
