import { NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('finance');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t('payrollSettings.weeklyOvertime')}
          suffix={t('payrollSettings.hoursSuffix')}
          min={1}
          max={168}
          decimalScale={2}
          disabled={readOnly}
          {...record.inputProps('overtimeThresholdHours')}
        />
        <NumberInput
          label={t('payrollSettings.multiplier')}
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
        label={t('payrollSettings.dailyOvertime')}
        description={t('payrollSettings.dailyOvertimeDescription')}
        disabled={readOnly}
        {...record.inputProps('dailyOvertime', { type: 'checkbox' })}
      />
      {form.values.dailyOvertime && (
        <NumberInput
          label={t('payrollSettings.dailyOvertimeAfter')}
          suffix={t('payrollSettings.hoursSuffix')}
          min={1}
          max={24}
          decimalScale={2}
          disabled={readOnly}
          {...record.inputProps('dailyOvertimeHours')}
        />
      )}
      <Switch
        label={t('payrollSettings.travelPaid')}
        description={t('payrollSettings.travelPaidDescription')}
        disabled={readOnly}
        {...record.inputProps('travelPaid', { type: 'checkbox' })}
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t('payrollSettings.travelSpeed')}
          suffix={t('payrollSettings.mphSuffix')}
          min={1}
          max={100}
          disabled={readOnly || !form.values.travelPaid}
          {...record.inputProps('travelSpeedMph')}
        />
        <NumberInput
          label={t('payrollSettings.mileageRate')}
          prefix="$"
          suffix={t('payrollSettings.perMileSuffix')}
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
