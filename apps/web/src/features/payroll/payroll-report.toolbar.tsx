import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/format/instant-format';
import { errorMessageOf } from '@/api/api-error';
import type { usePayrollCompute, usePayrollPeriod } from './payroll-report.hooks';
import { formatPeriod, type Preset } from './payroll-report.period';

/**
 * The pay period bar of the payroll page: the preset (this, last pay period, custom) with the custom days or the
 * period's dates, the branch (for users of several), "Compute payroll" (with `canCompute`), and when the shown
 * lines were computed (in the branch's zone); below it, why the last computation failed.
 * @param pick the page's period pick (usePayrollPeriod) once its preset is known
 * @param computing the page's computation (usePayrollCompute)
 * @param branchOptions the user's branches (Select data); `branchZone` the picked branch's IANA zone
 */
export function PayrollPeriodBar(props: {
  pick: ReturnType<typeof usePayrollPeriod> & { preset: Preset };
  computing: ReturnType<typeof usePayrollCompute>;
  canCompute: boolean;
  branchOptions: { value: string; label: string }[];
  branchZone: string;
}) {
  const { pick, computing, canCompute, branchOptions, branchZone } = props;
  const { preset, period, periodLine, branchId } = pick;
  const { compute, run, shown } = computing;
  const { t } = useTranslation('finance');
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('payroll.payPeriod')}
          </Text>
          <SegmentedControl
            size="xs"
            value={preset}
            onChange={(v) => pick.setPreset(v as Preset)}
            data={[
              { value: 'this', label: t('payroll.thisPeriod') },
              { value: 'last', label: t('payroll.lastPeriod') },
              { value: 'custom', label: t('payroll.custom') },
            ]}
          />
        </Stack>
        {preset === 'custom' ? (
          <DatePickerInput
            type="range"
            size="xs"
            label={t('payroll.dates')}
            w={220}
            valueFormat="MM/DD/YY"
            placeholder={t('payroll.datesPlaceholder')}
            previousLabel={t('payroll.previousMonth')}
            nextLabel={t('payroll.nextMonth')}
            allowSingleDateInRange
            value={pick.custom}
            onChange={(v) => pick.setCustom([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
          />
        ) : (
          period && (
            <Text size="sm" pb={4} data-testid="payroll-period">
              {formatPeriod(period.from, period.to)}
            </Text>
          )
        )}
        {branchOptions.length > 1 && (
          <Select
            size="xs"
            label={t('payroll.branch')}
            w={200}
            placeholder={t('payroll.allMyBranches')}
            data={branchOptions}
            value={branchId}
            onChange={pick.setBranchId}
            clearable
          />
        )}
        {canCompute && (
          <Button
            size="xs"
            leftSection={<IconCalculator size={14} />}
            onClick={run}
            loading={compute.isPending}
            disabled={!period}
          >
            {shown || periodLine ? t('payroll.recompute') : t('payroll.compute')}
          </Button>
        )}
        {shown ? (
          <Text size="xs" c="dimmed" pb={6}>
            {t('payroll.computedFor', { at: formatInstant(shown.computedAt, branchZone), count: shown.caregivers })}
          </Text>
        ) : (
          periodLine && (
            <Text size="xs" c="dimmed" pb={6}>
              {t('payroll.lastComputed', { at: formatInstant(periodLine.computedAt, periodLine.timeZone || branchZone) })}
            </Text>
          )
        )}
      </Group>
      {compute.isError && (
        <Alert color="red" variant="light" mt="sm">
          {errorMessageOf(compute.error)}
        </Alert>
      )}
    </Paper>
  );
}
