import {
  ActionIcon,
  Button,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import {
  CAREGIVER_GENDER_LABELS,
  CAREGIVER_GENDERS,
  CAREGIVER_STATUS_LABELS,
  CAREGIVER_STATUSES,
  COMMON_LANGUAGES,
  COMMON_SKILLS,
  type CaregiverGender,
  type CaregiverStatus,
} from '@hearth/shared/caregivers/caregivers.constants';
import type { CaregiverOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { blankToNull, numberOrNull } from '@/components/records/record-api';
import type { Option } from '@/components/records/options';
import { centsToDollars, dollarsToCents } from '@/format/money';
import type { RecordForm } from '@/forms/use-record-form';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A pay rate row of the form: the rate in dollars per hour (cents on the wire). */
interface PayRateValues {
  label: string;
  rate: number | string;
  serviceCode: string;
}

interface AvailabilityValues {
  weekday: string;
  start: string;
  end: string;
}

/** The caregiver form's values: text as strings (empty = not set), money in dollars, picks as text. */
export interface CaregiverFormValues {
  branchId: string | null;
  firstName: string;
  lastName: string;
  status: CaregiverStatus;
  email: string;
  phoneNumber: string;
  gender: CaregiverGender | null;
  dateOfBirth: string;
  hireDate: string;
  adpFileNumber: string;
  payRates: PayRateValues[];
  skills: string[];
  languages: string[];
  availability: AvailabilityValues[];
  maxWeeklyHours: number | string;
  notes: string;
}

/** A caregiver's values in the form, or a new one's (an applicant, in the only branch when there is one). */
export function caregiverFormValues(cg: CaregiverOutput | null, defaultBranchId: string | null = null): CaregiverFormValues {
  return {
    branchId: cg ? String(cg.branchId) : defaultBranchId,
    firstName: cg?.firstName ?? '',
    lastName: cg?.lastName ?? '',
    status: cg?.status ?? 'applicant',
    email: cg?.email ?? '',
    phoneNumber: cg?.phoneNumber ?? '',
    gender: cg?.gender ?? null,
    dateOfBirth: cg?.dateOfBirth ?? '',
    hireDate: cg?.hireDate ?? '',
    adpFileNumber: cg?.adpFileNumber ?? '',
    payRates: (cg?.payRates ?? []).map((r) => ({
      label: r.label,
      rate: centsToDollars(r.hourlyRateCents),
      serviceCode: r.serviceCode ?? '',
    })),
    skills: cg?.skills ?? [],
    languages: cg?.languages ?? [],
    availability: (cg?.availability ?? []).map((w) => ({ weekday: String(w.weekday), start: w.start, end: w.end })),
    maxWeeklyHours: cg?.maxWeeklyHours ?? '',
    notes: cg?.notes ?? '',
  };
}

/** The caregiver's fields as createCaregiver and updateCaregiver take them (pay rates in cents per hour). */
export function caregiverPayload(v: CaregiverFormValues) {
  return {
    branchId: v.branchId === null ? Number.NaN : Number(v.branchId),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    status: v.status,
    email: blankToNull(v.email),
    phoneNumber: blankToNull(v.phoneNumber),
    gender: v.gender,
    dateOfBirth: blankToNull(v.dateOfBirth),
    hireDate: blankToNull(v.hireDate),
    adpFileNumber: blankToNull(v.adpFileNumber),
    payRates: v.payRates.map((r) => ({
      label: r.label.trim(),
      hourlyRateCents: dollarsToCents(r.rate) ?? Number.NaN,
      serviceCode: blankToNull(r.serviceCode.toUpperCase()),
    })),
    skills: v.skills,
    languages: v.languages,
    availability: v.availability.map((w) => ({ weekday: Number(w.weekday), start: w.start, end: w.end })),
    maxWeeklyHours: numberOrNull(v.maxWeeklyHours),
    notes: blankToNull(v.notes),
  };
}
export type CaregiverPayload = ReturnType<typeof caregiverPayload>;

/** Errors on cents belong to the dollar input: payRates.0.hourlyRateCents → payRates.0.rate. */
export const caregiverFieldOf = (path: string) => path.replace(/\.hourlyRateCents$/, '.rate');

export const caregiverRules = (v: CaregiverFormValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (v.branchId === null) errors.branchId = 'Branch is required';
  v.payRates.forEach((r, i) => {
    if (r.rate === '') errors[`payRates.${i}.rate`] = 'Hourly rate is required';
  });
  return errors;
};

export const CAREGIVER_STATUS_OPTIONS = CAREGIVER_STATUSES.map((value) => ({ value, label: CAREGIVER_STATUS_LABELS[value] }));
const GENDER_OPTIONS = CAREGIVER_GENDERS.map((value) => ({ value, label: CAREGIVER_GENDER_LABELS[value] }));

/** The person's inputs: names, branch, status, contact, gender, dates (the create modal shows only these). */
export function CaregiverPersonFields({ record, branches }: { record: RecordForm<CaregiverFormValues>; branches: Option[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label="First name" required data-autofocus {...record.inputProps('firstName')} />
      <TextInput label="Last name" required {...record.inputProps('lastName')} />
      <Select label="Branch" required data={branches} allowDeselect={false} searchable {...record.inputProps('branchId')} />
      <Select label="Status" required data={CAREGIVER_STATUS_OPTIONS} allowDeselect={false} {...record.inputProps('status')} />
      <TextInput label="Phone number" type="tel" {...record.inputProps('phoneNumber')} />
      <TextInput label="Email" type="email" {...record.inputProps('email')} />
      <Select label="Gender" data={GENDER_OPTIONS} clearable placeholder="Not set" {...record.inputProps('gender')} />
      <TextInput label="Date of birth" type="date" {...record.inputProps('dateOfBirth')} />
      <TextInput label="Hire date" type="date" {...record.inputProps('hireDate')} />
      <TagsInput
        label="Languages"
        size="xs"
        data={[...COMMON_LANGUAGES]}
        placeholder="Type or pick"
        {...record.inputProps('languages')}
      />
    </SimpleGrid>
  );
}

function PayRatesFields({ record }: { record: RecordForm<CaregiverFormValues> }) {
  const { form } = record;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Pay rates
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          onClick={() =>
            form.insertListItem('payRates', {
              label: form.values.payRates.length === 0 ? 'Standard' : '',
              rate: '',
              serviceCode: '',
            })
          }
        >
          Add pay rate
        </Button>
      </Group>
      {form.values.payRates.length === 0 && (
        <Text size="xs" c="dimmed">
          No pay rates yet.
        </Text>
      )}
      {form.values.payRates.map((_, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`Pay rate ${i + 1} label`}
            placeholder="Standard, Weekend"
            style={{ flex: 2 }}
            {...record.inputProps(`payRates.${i}.label`)}
          />
          <NumberInput
            aria-label={`Pay rate ${i + 1} dollars per hour`}
            placeholder="Per hour"
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0}
            thousandSeparator=","
            hideControls
            style={{ flex: 1 }}
            {...record.inputProps(`payRates.${i}.rate`)}
          />
          <TextInput
            aria-label={`Pay rate ${i + 1} service code`}
            placeholder="Service code (any)"
            style={{ flex: 1 }}
            {...record.inputProps(`payRates.${i}.serviceCode`)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={`Remove pay rate ${i + 1}`}
            onClick={() => form.removeListItem('payRates', i)}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

function AvailabilityFields({ record }: { record: RecordForm<CaregiverFormValues> }) {
  const { form } = record;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Availability
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          onClick={() => form.insertListItem('availability', { weekday: '1', start: '08:00', end: '16:00' })}
        >
          Add window
        </Button>
      </Group>
      {form.values.availability.length === 0 && (
        <Text size="xs" c="dimmed">
          No availability given.
        </Text>
      )}
      {form.values.availability.map((_, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            aria-label={`Window ${i + 1} weekday`}
            data={WEEKDAYS.map((label, value) => ({ value: String(value), label }))}
            allowDeselect={false}
            style={{ flex: 2 }}
            {...record.inputProps(`availability.${i}.weekday`)}
          />
          <TextInput
            aria-label={`Window ${i + 1} start`}
            type="time"
            style={{ flex: 1 }}
            {...record.inputProps(`availability.${i}.start`)}
          />
          <TextInput
            aria-label={`Window ${i + 1} end`}
            type="time"
            style={{ flex: 1 }}
            {...record.inputProps(`availability.${i}.end`)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={`Remove window ${i + 1}`}
            onClick={() => form.removeListItem('availability', i)}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** Every input of the caregiver (the details edit modal): the person, HR, pay, skills, availability, notes. */
export function CaregiverAllFields({ record, branches }: { record: RecordForm<CaregiverFormValues>; branches: Option[] }) {
  return (
    <Stack gap="sm">
      <CaregiverPersonFields record={record} branches={branches} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="ADP file number" {...record.inputProps('adpFileNumber')} />
        <NumberInput label="Max weekly hours" min={1} max={168} allowDecimal={false} {...record.inputProps('maxWeeklyHours')} />
      </SimpleGrid>
      <TagsInput label="Skills" size="xs" data={[...COMMON_SKILLS]} placeholder="Type or pick" {...record.inputProps('skills')} />
      <Divider />
      <PayRatesFields record={record} />
      <Divider />
      <AvailabilityFields record={record} />
      <Divider />
      <Textarea label="Notes" autosize minRows={2} maxRows={8} {...record.inputProps('notes')} />
    </Stack>
  );
}
