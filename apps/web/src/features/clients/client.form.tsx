import { Autocomplete, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CAREGIVER_GENDERS, COMMON_LANGUAGES } from '@hearth/shared/caregivers/caregivers.constants';
import { CLIENT_STATUSES, type ClientStatus } from '@hearth/shared/clients/clients.constants';
import { i18n } from '@/i18n/i18n.setup';
import type { ClientOutput } from '@hearth/shared/clients/clients.schema';
import { blankToNull } from '@/components/records/record-api';
import type { Option } from '@/components/records/options';
import type { RecordForm } from '@/forms/use-record-form';

/** The client form's values: text inputs as strings (empty = not set), picks as their ids in text. */
export interface ClientFormValues {
  branchId: string | null;
  firstName: string;
  lastName: string;
  status: ClientStatus;
  dateOfBirth: string;
  gender: string | null;
  phoneNumber: string;
  email: string;
  preferredLanguage: string;
  medicaidId: string;
  primaryPayerSourceId: string | null;
  notes: string;
}

/** A client's values in the form, or a new client's (active, in the only branch when there is one). */
export function clientFormValues(client: ClientOutput | null, defaultBranchId: string | null = null): ClientFormValues {
  return {
    branchId: client ? String(client.branchId) : defaultBranchId,
    firstName: client?.firstName ?? '',
    lastName: client?.lastName ?? '',
    status: client?.status ?? 'active',
    dateOfBirth: client?.dateOfBirth ?? '',
    gender: client?.gender ?? null,
    phoneNumber: client?.phoneNumber ?? '',
    email: client?.email ?? '',
    preferredLanguage: client?.preferredLanguage ?? '',
    medicaidId: client?.medicaidId ?? '',
    primaryPayerSourceId: client?.primaryPayerSourceId ? String(client.primaryPayerSourceId) : null,
    notes: client?.notes ?? '',
  };
}

/** The person's fields as createClient and updateClient take them. */
export function clientPayload(v: ClientFormValues) {
  return {
    branchId: v.branchId === null ? Number.NaN : Number(v.branchId),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    status: v.status,
    dateOfBirth: blankToNull(v.dateOfBirth),
    gender: v.gender,
    phoneNumber: blankToNull(v.phoneNumber),
    email: blankToNull(v.email),
    preferredLanguage: blankToNull(v.preferredLanguage),
    medicaidId: blankToNull(v.medicaidId),
    primaryPayerSourceId: v.primaryPayerSourceId === null ? null : Number(v.primaryPayerSourceId),
    notes: blankToNull(v.notes),
  };
}
export type ClientPayload = ReturnType<typeof clientPayload>;

/** The pick of a branch comes before the schema's number check, so an empty pick reads as what it is. */
export const clientRules = (v: ClientFormValues): Record<string, string> =>
  v.branchId === null ? { branchId: i18n.t('records:details.branchRequired') } : {};

/** The client statuses as Select options, named in the shown language. */
export function useClientStatusOptions() {
  const { t } = useTranslation(['records', 'common']);
  return CLIENT_STATUSES.map((value) => ({ value, label: t(`clients.statuses.${value}`) }));
}

/** The genders as Select options, named in the shown language. */
export function useGenderOptions() {
  const { t } = useTranslation('common');
  return CAREGIVER_GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }));
}

/** The inputs of the client form (create modal and details edit modal). */
export function ClientFields(props: {
  record: RecordForm<ClientFormValues>;
  branches: Option[];
  payers: Option[];
  withNotes?: boolean;
}) {
  const { record, branches, payers, withNotes = false } = props;
  const { form } = record;
  const { t } = useTranslation(['records', 'common']);
  const statusOptions = useClientStatusOptions();
  const genders = useGenderOptions();
  const gender = form.values.gender;
  const genderOptions =
    gender && !genders.some((o) => o.value === gender) ? [...genders, { value: gender, label: gender }] : genders;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('common:fields.firstName')} required data-autofocus {...record.inputProps('firstName')} />
        <TextInput label={t('common:fields.lastName')} required {...record.inputProps('lastName')} />
        <Select
          label={t('common:fields.branch')}
          required
          data={branches}
          allowDeselect={false}
          searchable
          {...record.inputProps('branchId')}
        />
        <Select
          label={t('common:fields.status')}
          required
          data={statusOptions}
          allowDeselect={false}
          {...record.inputProps('status')}
        />
        <TextInput label={t('common:fields.dateOfBirth')} type="date" {...record.inputProps('dateOfBirth')} />
        <Select
          label={t('common:fields.gender')}
          data={genderOptions}
          clearable
          placeholder={t('common:notSet')}
          {...record.inputProps('gender')}
        />
        <TextInput label={t('common:fields.phoneNumber')} type="tel" {...record.inputProps('phoneNumber')} />
        <TextInput label={t('common:fields.email')} type="email" {...record.inputProps('email')} />
        <Autocomplete
          label={t('clients.preferredLanguage')}
          data={[...COMMON_LANGUAGES]}
          {...record.inputProps('preferredLanguage')}
        />
        <TextInput label={t('clients.medicaidId')} {...record.inputProps('medicaidId')} />
        <Select
          label={t('clients.primaryPayer')}
          data={payers}
          clearable
          searchable
          placeholder={t('common:none')}
          nothingFoundMessage={t('clients.noPayers')}
          {...record.inputProps('primaryPayerSourceId')}
        />
      </SimpleGrid>
      {withNotes && (
        <Textarea label={t('common:fields.notes')} autosize minRows={2} maxRows={8} {...record.inputProps('notes')} />
      )}
    </>
  );
}
