import { NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { RecordForm } from '@/forms/use-record-form';
import type { PayrollSettingsFormValues } from './payroll-settings.values';

/**
 * The payroll settings' inputs: weekly overtime threshold (hours) and multiplier, the daily overtime switch and its
 * hours (shown only when on), paid travel and its speed (mph, disabled while travel is unpaid), the mileage rate in
 * dollars per mile. Every input is disabled when `readOnly`.
 */
export function PayrollSettingsFields({
  record,
  readOnly,
}: {
  record: RecordForm<PayrollSettingsFormValues>;
  readOnly: boolean;
}) {
  const { form } = record;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label="Weekly overtime after"
          suffix=" h"
          min={1}
          max={168}
          decimalScale={2}
          disabled={readOnly}
          {...record.inputProps('overtimeThresholdHours')}
        />
        <NumberInput
          label="Overtime multiplier"
          prefix="× "
          min={1}
          max={3}
          step={0.25}
          decimalScale={2}
          disabled={readOnly}
          {...record.inputProps('overtimeMultiplier')}
        />
      </SimpleGrid>
      <Switch
        label="Daily overtime"
        description="Hours past a daily limit are overtime (e.g. California: 8 hours)"
        disabled={readOnly}
        {...record.inputProps('dailyOvertime', { type: 'checkbox' })}
      />
      {form.values.dailyOvertime && (
        <NumberInput
          label="Daily overtime after"
          suffix=" h"
          min={1}
          max={24}
          decimalScale={2}
          disabled={readOnly}
          {...record.inputProps('dailyOvertimeHours')}
        />
      )}
      <Switch
        label="Pay travel between clients"
        description="Drive time between visits of one day is hours worked (not home to the first or last to home)"
        disabled={readOnly}
        {...record.inputProps('travelPaid', { type: 'checkbox' })}
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label="Travel speed"
          suffix=" mph"
          min={1}
          max={100}
          disabled={readOnly || !form.values.travelPaid}
          {...record.inputProps('travelSpeedMph')}
        />
        <NumberInput
          label="Mileage rate"
          prefix="$"
          suffix=" / mile"
          min={0}
          max={10}
          decimalScale={2}
          fixedDecimalScale
          disabled={readOnly}
          {...record.inputProps('mileageRateDollars')}
        />
      </SimpleGrid>
    </Stack>
  );
}
