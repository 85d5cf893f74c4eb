import { Alert, Autocomplete, Badge, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
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
import { useRecordApi } from '@/components/records/owned-records';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordSave, type RecordFormProps } from '@/components/records/record-save';
import { RecordTableSection, type RecordColumn } from '@/components/records/record-table';
import { formatDate } from '@/format/date-format';

/** The form's checks: the fields, then the rule across them (expires on or after issued). */
const ZCredentialForm = ZCaregiverCredentialFields.superRefine((c, ctx) => addFieldIssues(ctx, credentialRuleErrors(c)));

type CredentialPayload = ReturnType<typeof toPayload>;

const toPayload = (v: { name: string; number: string; issuedOn: string; expiresOn: string }) => ({
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

function CredentialForm(props: RecordFormProps<CaregiverCredentialOutput, CredentialPayload>) {
  const c = props.row;
  const initialValues = {
    name: c?.name ?? '',
    number: c?.number ?? '',
    issuedOn: c?.issuedOn ?? '',
    expiresOn: c?.expiresOn ?? '',
  };
  const { record, frame } = useRecordSave(props, 'Credential', { initialValues, toPayload, schema: ZCredentialForm });
  return (
    <RecordFormFrame {...frame}>
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

/** A credential flagged in the table: expired or expiring, and not renewed since. */
const isFlagged = (c: CaregiverCredentialOutput) =>
  !c.superseded && (c.expiryStatus === 'expired' || c.expiryStatus === 'expiring');

const CREDENTIAL_COLUMNS: RecordColumn<CaregiverCredentialOutput>[] = [
  { label: 'Name', cell: (c) => c.name, td: (c) => ({ fw: isFlagged(c) ? 600 : undefined }) },
  { label: 'Number', cell: (c) => c.number ?? '—' },
  { label: 'Issued', cell: (c) => (c.issuedOn ? formatDate(c.issuedOn) : '—'), nowrap: true },
  { label: 'Expires', cell: (c) => (c.expiresOn ? formatDate(c.expiresOn) : '—'), nowrap: true },
  { label: 'Status', cell: (c) => <ExpiryBadge credential={c} /> },
];

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
  const api = useRecordApi<{ caregiverId: number }, CredentialPayload>(
    { caregiverId },
    {
      create: trpc.createCaregiverCredential,
      update: trpc.updateCaregiverCredential,
      remove: trpc.deleteCaregiverCredential,
    },
    canEdit,
    refresh,
  );
  const rows = [...caregiver.credentials].sort(
    (a, b) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999') || a.name.localeCompare(b.name),
  );
  return (
    <RecordTableSection
      title="Credentials"
      noun="credential"
      addLabel="Add credential"
      emptyText="No credentials yet."
      rows={rows}
      canAdd={canEdit}
      canEdit={() => canEdit}
      what={(c) => `credential ${c.name}`}
      remove={api.remove}
      table={{
        minWidth: 560,
        columns: CREDENTIAL_COLUMNS,
        actionsWidth: 60,
        rowProps: (c) => ({
          'data-expiry': c.superseded ? 'renewed' : c.expiryStatus,
          bg: isFlagged(c)
            ? c.expiryStatus === 'expired'
              ? 'var(--mantine-color-red-light)'
              : 'var(--mantine-color-orange-light)'
            : undefined,
        }),
      }}
      modalSize="lg"
      form={(p) => <CredentialForm {...p} api={api} />}
    />
  );
}
