import { Checkbox, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '@/forms/use-record-form';
import type { ServiceValues } from './service-fields';
import type { CaregiverValues } from './shift-caregiver.field';
import { WEEKDAY_CODES } from './shift-rrule';
import { formatDuration, minutesBetweenTimes, zoneLabel } from './shift-time';

/**
 * The pattern form's values: the rule as weekday codes ("MO") every `interval` weeks or as a custom RFC 5545 rule,
 * dates as "YYYY-MM-DD" (`effectiveFrom` only when changing a pattern), "HH:MM" times in the branch's zone.
 */
export interface PatternFormValues extends ServiceValues, CaregiverValues {
  ruleMode: 'weekly' | 'custom';
  days: string[];
  interval: number | string;
  rrule: string;
  startDate: string;
  effectiveFrom: string;
  endDate: string;
  startTime: string;
  endTime: string;
  notes: string;
}

/** How a pattern repeats: days of the week every N weeks, or a custom rule typed in. */
export function PatternRuleFields({ record }: { record: RecordForm<PatternFormValues> }) {
  const { t } = useTranslation('schedule');
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center">
        <Text size="sm" fw={500}>
          {t('pattern.repeats')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t('pattern.ruleKind')}
          data={[
            { value: 'weekly', label: t('pattern.weekly') },
            { value: 'custom', label: t('pattern.customRule') },
          ]}
          {...record.inputProps('ruleMode')}
        />
      </Group>
      {record.form.values.ruleMode === 'weekly' ? (
        <Group align="flex-end" gap="md" wrap="wrap">
          <Checkbox.Group label={t('pattern.on')} size="xs" {...record.inputProps('days')}>
            <Group gap="xs" mt={4}>
              {WEEKDAY_CODES.map((code) => (
                <Checkbox
                  key={code}
                  value={code}
                  label={t(`weekday.short.${code}`)}
                  aria-label={t(`weekday.long.${code}`)}
                  size="xs"
                />
              ))}
            </Group>
          </Checkbox.Group>
          <NumberInput
            label={t('pattern.everyWeeks')}
            min={1}
            max={52}
            allowDecimal={false}
            w={110}
            {...record.inputProps('interval')}
          />
        </Group>
      ) : (
        <TextInput label={t('pattern.rule')} description={t('pattern.ruleHelp')} {...record.inputProps('rrule')} />
      )}
    </Stack>
  );
}

/**
 * When a pattern runs: its start date (or, when `changing` an existing one, the date the change applies from) and
 * optional end date, then its start and end time with the length they make, on the wall clock of `timezone`.
 */
export function PatternWhenFields(props: { record: RecordForm<PatternFormValues>; changing: boolean; timezone: string }) {
  const { record, changing, timezone } = props;
  const { t } = useTranslation('schedule');
  const v = record.form.values;
  const duration = minutesBetweenTimes(v.startTime, v.endTime);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {changing ? (
          <TextInput label={t('pattern.applyFrom')} type="date" required {...record.inputProps('effectiveFrom')} />
        ) : (
          <TextInput label={t('pattern.startDate')} type="date" required {...record.inputProps('startDate')} />
        )}
        <TextInput label={t('pattern.endDate')} type="date" {...record.inputProps('endDate')} />
      </SimpleGrid>
      <div>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <TextInput label={t('pattern.startTime')} type="time" required {...record.inputProps('startTime')} />
          <TextInput label={t('pattern.endTime')} type="time" required {...record.inputProps('endTime')} />
          <TextInput
            label={t('pattern.length')}
            value={duration === null ? '' : formatDuration(duration)}
            readOnly
            variant="filled"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          {t('pattern.zoneNote', { zone: zoneLabel(timezone) })}
          {changing && ` ${t('pattern.changeNote')}`}
        </Text>
      </div>
    </>
  );
}
