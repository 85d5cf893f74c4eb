import { Alert, Autocomplete, Badge, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n.setup';
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

/** "Expired 3 days ago", "Expires today", "Expires in 10 days", in the shown language (CLDR plurals). */
export function expiryText(c: Pick<CaregiverCredentialOutput, 'daysUntilExpiry'>): string {
  const days = c.daysUntilExpiry;
  if (days === null) return '';
  if (days < 0) return i18n.t('records:credentials.expiredAgo', { count: -days });
  if (days === 0) return i18n.t('records:credentials.expiresToday');
  return i18n.t('records:credentials.expiresIn', { count: days });
}

/** The flag of a credential: red once expired, orange within the warning window; a renewed one is not flagged. */
export function ExpiryBadge({ credential: c }: { credential: CaregiverCredentialOutput }) {
  const { t } = useTranslation(['records', 'common']);
  if (c.superseded) {
    return (
      <Badge size="sm" color="gray" variant="light">
        {t('credentials.renewed')}
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
        {t('credentials.valid')}
      </Badge>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {t('credentials.noExpiry')}
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
  const { t } = useTranslation(['records', 'common']);
  const { record, frame } = useRecordSave(props, 'credentials', { initialValues, toPayload, schema: ZCredentialForm });
  return (
    <RecordFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete
          label={t('common:fields.name')}
          required
          data={[...COMMON_CREDENTIALS]}
          data-autofocus
          {...record.inputProps('name')}
        />
        <TextInput label={t('credentials.number')} {...record.inputProps('number')} />
        <TextInput label={t('credentials.issuedOn')} type="date" {...record.inputProps('issuedOn')} />
        <TextInput label={t('credentials.expiresOn')} type="date" {...record.inputProps('expiresOn')} />
      </SimpleGrid>
    </RecordFormFrame>
  );
}

/** The flagged credentials above the profile's sections: expired (red) or expiring within 30 days (orange). */
export function ExpiringCredentialsAlert({ caregiver }: { caregiver: CaregiverOutput }) {
  const flagged = caregiver.expiringCredentials;
  const { t } = useTranslation(['records', 'common']);
  if (flagged.length === 0) return null;
  const anyExpired = flagged.some((c) => c.expiryStatus === 'expired');
  return (
    <Alert
      color={anyExpired ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={anyExpired ? t('credentials.alertExpired') : t('credentials.alertExpiring')}
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

/** The credentials table's columns, headed in the shown language. */
const credentialColumns = (t: TFunction<['records', 'common']>): RecordColumn<CaregiverCredentialOutput>[] => [
  { label: t('common:fields.name'), cell: (c) => c.name, td: (c) => ({ fw: isFlagged(c) ? 600 : undefined }) },
  { label: t('credentials.number'), cell: (c) => c.number ?? '—' },
  { label: t('credentials.issued'), cell: (c) => (c.issuedOn ? formatDate(c.issuedOn) : '—'), nowrap: true },
  { label: t('credentials.expires'), cell: (c) => (c.expiresOn ? formatDate(c.expiresOn) : '—'), nowrap: true },
  { label: t('common:fields.status'), cell: (c) => <ExpiryBadge credential={c} /> },
];

/** Certifications and licenses with their expiry, flagged orange within 30 days and red once expired. */
export function CaregiverCredentialsSection({ caregiver, canEdit }: { caregiver: CaregiverOutput; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['records', 'common']);
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
      title={t('credentials.title')}
      noun={t('credentials.noun')}
      addLabel={t('credentials.add')}
      emptyText={t('credentials.empty')}
      rows={rows}
      canAdd={canEdit}
      canEdit={() => canEdit}
      what={(c) => t('credentials.what', { name: c.name })}
      remove={api.remove}
      table={{
        minWidth: 560,
        columns: credentialColumns(t),
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
