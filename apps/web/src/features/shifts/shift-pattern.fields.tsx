import { Checkbox, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { RecordForm } from '@/forms/use-record-form';
import type { ServiceValues } from './service-fields';
import type { CaregiverValues } from './shift-caregiver.field';
import { WEEKDAYS } from './shift-rrule';
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
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center">
        <Text size="sm" fw={500}>
          Repeats
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Kind of rule"
          data={[
            { value: 'weekly', label: 'Weekly' },
            { value: 'custom', label: 'Custom rule' },
          ]}
          {...record.inputProps('ruleMode')}
        />
      </Group>
      {record.form.values.ruleMode === 'weekly' ? (
        <Group align="flex-end" gap="md" wrap="wrap">
          <Checkbox.Group label="On" size="xs" {...record.inputProps('days')}>
            <Group gap="xs" mt={4}>
              {WEEKDAYS.map((d) => (
                <Checkbox key={d.code} value={d.code} label={d.short} aria-label={d.name} size="xs" />
              ))}
            </Group>
          </Checkbox.Group>
          <NumberInput label="Every (weeks)" min={1} max={52} allowDecimal={false} w={110} {...record.inputProps('interval')} />
        </Group>
      ) : (
        <TextInput
          label="Rule (RFC 5545)"
          description="For example FREQ=MONTHLY;BYMONTHDAY=1 or FREQ=DAILY;INTERVAL=2"
          {...record.inputProps('rrule')}
        />
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
  const v = record.form.values;
  const duration = minutesBetweenTimes(v.startTime, v.endTime);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {changing ? (
          <TextInput label="Apply from" type="date" required {...record.inputProps('effectiveFrom')} />
        ) : (
          <TextInput label="Start date" type="date" required {...record.inputProps('startDate')} />
        )}
        <TextInput label="End date" type="date" {...record.inputProps('endDate')} />
      </SimpleGrid>
      <div>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <TextInput label="Start time" type="time" required {...record.inputProps('startTime')} />
          <TextInput label="End time" type="time" required {...record.inputProps('endTime')} />
          <TextInput label="Length" value={duration === null ? '' : formatDuration(duration)} readOnly variant="filled" />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          Times are in the branch&apos;s time zone, {zoneLabel(timezone)}, and keep their wall-clock time across daylight saving
          changes. Without an end date, visits are kept scheduled 60 days ahead.
          {changing && ' Visits before the date the change applies from, and visits changed on their own, stay as they are.'}
        </Text>
      </div>
    </>
  );
}
