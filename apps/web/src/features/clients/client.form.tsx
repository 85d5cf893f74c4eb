import { Autocomplete, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { CAREGIVER_GENDER_LABELS, COMMON_LANGUAGES } from '@hearth/shared/caregivers/caregivers.constants';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type ClientStatus } from '@hearth/shared/clients/clients.constants';
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
  v.branchId === null ? { branchId: 'Branch is required' } : {};

export const CLIENT_STATUS_OPTIONS = CLIENT_STATUSES.map((value) => ({ value, label: CLIENT_STATUS_LABELS[value] }));
const GENDER_OPTIONS = Object.entries(CAREGIVER_GENDER_LABELS).map(([value, label]) => ({ value, label }));

/** The inputs of the client form (create modal and details edit modal). */
export function ClientFields(props: {
  record: RecordForm<ClientFormValues>;
  branches: Option[];
  payers: Option[];
  withNotes?: boolean;
}) {
  const { record, branches, payers, withNotes = false } = props;
  const { form } = record;
  const gender = form.values.gender;
  const genderOptions =
    gender && !GENDER_OPTIONS.some((o) => o.value === gender)
      ? [...GENDER_OPTIONS, { value: gender, label: gender }]
      : GENDER_OPTIONS;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required data-autofocus {...record.inputProps('firstName')} />
        <TextInput label="Last name" required {...record.inputProps('lastName')} />
        <Select label="Branch" required data={branches} allowDeselect={false} searchable {...record.inputProps('branchId')} />
        <Select label="Status" required data={CLIENT_STATUS_OPTIONS} allowDeselect={false} {...record.inputProps('status')} />
        <TextInput label="Date of birth" type="date" {...record.inputProps('dateOfBirth')} />
        <Select label="Gender" data={genderOptions} clearable placeholder="Not set" {...record.inputProps('gender')} />
        <TextInput label="Phone number" type="tel" {...record.inputProps('phoneNumber')} />
        <TextInput label="Email" type="email" {...record.inputProps('email')} />
        <Autocomplete label="Preferred language" data={[...COMMON_LANGUAGES]} {...record.inputProps('preferredLanguage')} />
        <TextInput label="Medicaid ID" {...record.inputProps('medicaidId')} />
        <Select
          label="Primary payer"
          data={payers}
          clearable
          searchable
          placeholder="None"
          nothingFoundMessage="No active payer sources"
          {...record.inputProps('primaryPayerSourceId')}
        />
      </SimpleGrid>
      {withNotes && <Textarea label="Notes" autosize minRows={2} maxRows={8} {...record.inputProps('notes')} />}
    </>
  );
}
