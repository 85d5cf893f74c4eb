import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { formatPeriod, type Period } from './payroll-report.period';
import { PayrollTotals } from './payroll-totals';

/**
 * What the payroll page says between the period bar and the table: the totals of a computation made on this visit
 * (`shown`), else that the period has not been computed yet (with "Compute payroll now" for `canCompute`), else
 * that the table holds the lines last computed, else (no complete custom period) to pick the days.
 * @param notComputed the period is known to have no computed lines
 * @param onCompute computes the period's payroll; `computing` while it runs
 */
export function PayrollStatus(props: {
  shown: PayrollReportOutput | null;
  period: Period | null;
  notComputed: boolean;
  canCompute: boolean;
  computing: boolean;
  onCompute: () => void;
}) {
  const { shown, period, notComputed, canCompute, computing, onCompute } = props;
  const { t } = useTranslation('finance');
  if (shown) return <PayrollTotals totals={shown.totals} />;
  if (notComputed && period) {
    return (
      <Alert color="blue" variant="light" title={t('payroll.notComputedTitle', { period: formatPeriod(period.from, period.to) })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{canCompute ? t('payroll.computeHint') : t('payroll.cannotCompute')}</Text>
          {canCompute && (
            <Button size="xs" leftSection={<IconCalculator size={14} />} onClick={onCompute} loading={computing}>
              {t('payroll.computeNow')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (period) {
    return (
      <Text size="sm" c="dimmed">
        {t('payroll.lastLines')}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('payroll.pickDays')}
    </Text>
  );
}
