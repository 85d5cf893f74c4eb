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
import { useTranslation } from 'react-i18next';
import {
  CAREGIVER_GENDERS,
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
import { intlLocale } from '@/format/locale';
import { i18n } from '@/i18n/i18n.setup';
import type { RecordForm } from '@/forms/use-record-form';

/**
 * A weekday's name in the shown language through Intl, Sunday = 0: "Monday" and "Mon" in English (the names the
 * screens always used), "lunes" and "lun" in Spanish, capitalised as a label.
 * @param weekday 0 (Sunday) to 6 (Saturday)
 * @param width 'long' ("Monday") or 'short' ("Mon")
 */
export function weekdayName(weekday: number, width: 'long' | 'short', language?: string): string {
  // 2026-01-04 is a Sunday; noon UTC keeps the day whatever the zone.
  const day = new Date(Date.UTC(2026, 0, 4 + weekday, 12));
  const name = new Intl.DateTimeFormat(intlLocale(language), { weekday: width, timeZone: 'UTC' }).format(day).replace(/\.$/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

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
  if (v.branchId === null) errors.branchId = i18n.t('records:details.branchRequired');
  v.payRates.forEach((r, i) => {
    if (r.rate === '') errors[`payRates.${i}.rate`] = i18n.t('records:caregivers.hourlyRequired');
  });
  return errors;
};

/** The person's inputs: names, branch, status, contact, gender, dates (the create modal shows only these). */
export function CaregiverPersonFields({ record, branches }: { record: RecordForm<CaregiverFormValues>; branches: Option[] }) {
  const { t } = useTranslation(['records', 'common']);
  const statusOptions = CAREGIVER_STATUSES.map((value) => ({ value, label: t(`caregivers.statuses.${value}`) }));
  const genderOptions = CAREGIVER_GENDERS.map((value) => ({ value, label: t(`common:genders.${value}`) }));
  return (
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
      <TextInput label={t('common:fields.phoneNumber')} type="tel" {...record.inputProps('phoneNumber')} />
      <TextInput label={t('common:fields.email')} type="email" {...record.inputProps('email')} />
      <Select
        label={t('common:fields.gender')}
        data={genderOptions}
        clearable
        placeholder={t('common:notSet')}
        {...record.inputProps('gender')}
      />
      <TextInput label={t('common:fields.dateOfBirth')} type="date" {...record.inputProps('dateOfBirth')} />
      <TextInput label={t('caregivers.hireDate')} type="date" {...record.inputProps('hireDate')} />
      <TagsInput
        label={t('caregivers.languages')}
        size="xs"
        data={[...COMMON_LANGUAGES]}
        placeholder={t('caregivers.typeOrPick')}
        {...record.inputProps('languages')}
      />
    </SimpleGrid>
  );
}

function PayRatesFields({ record }: { record: RecordForm<CaregiverFormValues> }) {
  const { form } = record;
  const { t } = useTranslation(['records', 'common']);
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('caregivers.payRates')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          onClick={() =>
            form.insertListItem('payRates', {
              label: form.values.payRates.length === 0 ? t('caregivers.defaultRate') : '',
              rate: '',
              serviceCode: '',
            })
          }
        >
          {t('caregivers.addPayRate')}
        </Button>
      </Group>
      {form.values.payRates.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('caregivers.noPayRates')}
        </Text>
      )}
      {form.values.payRates.map((_, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('caregivers.rateLabel', { n: i + 1 })}
            placeholder={t('caregivers.rateLabelPlaceholder')}
            style={{ flex: 2 }}
            {...record.inputProps(`payRates.${i}.label`)}
          />
          <NumberInput
            aria-label={t('caregivers.rateDollars', { n: i + 1 })}
            placeholder={t('caregivers.perHour')}
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
            aria-label={t('caregivers.rateService', { n: i + 1 })}
            placeholder={t('caregivers.serviceCodeAny')}
            style={{ flex: 1 }}
            {...record.inputProps(`payRates.${i}.serviceCode`)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={t('caregivers.removeRate', { n: i + 1 })}
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
  const { t, i18n: shown } = useTranslation(['records', 'common']);
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ value: String(day), label: weekdayName(day, 'long', shown.language) }));
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('caregivers.availability')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          onClick={() => form.insertListItem('availability', { weekday: '1', start: '08:00', end: '16:00' })}
        >
          {t('caregivers.addWindow')}
        </Button>
      </Group>
      {form.values.availability.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('caregivers.noAvailability')}
        </Text>
      )}
      {form.values.availability.map((_, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            aria-label={t('caregivers.windowWeekday', { n: i + 1 })}
            data={weekdays}
            allowDeselect={false}
            style={{ flex: 2 }}
            {...record.inputProps(`availability.${i}.weekday`)}
          />
          <TextInput
            aria-label={t('caregivers.windowStart', { n: i + 1 })}
            type="time"
            style={{ flex: 1 }}
            {...record.inputProps(`availability.${i}.start`)}
          />
          <TextInput
            aria-label={t('caregivers.windowEnd', { n: i + 1 })}
            type="time"
            style={{ flex: 1 }}
            {...record.inputProps(`availability.${i}.end`)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={t('caregivers.removeWindow', { n: i + 1 })}
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
  const { t } = useTranslation(['records', 'common']);
  return (
    <Stack gap="sm">
      <CaregiverPersonFields record={record} branches={branches} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('common:fields.adpFileNumber')} {...record.inputProps('adpFileNumber')} />
        <NumberInput
          label={t('caregivers.maxWeeklyHours')}
          min={1}
          max={168}
          allowDecimal={false}
          {...record.inputProps('maxWeeklyHours')}
        />
      </SimpleGrid>
      <TagsInput
        label={t('caregivers.skills')}
        size="xs"
        data={[...COMMON_SKILLS]}
        placeholder={t('caregivers.typeOrPick')}
        {...record.inputProps('skills')}
      />
      <Divider />
      <PayRatesFields record={record} />
      <Divider />
      <AvailabilityFields record={record} />
      <Divider />
      <Textarea label={t('common:fields.notes')} autosize minRows={2} maxRows={8} {...record.inputProps('notes')} />
    </Stack>
  );
}
