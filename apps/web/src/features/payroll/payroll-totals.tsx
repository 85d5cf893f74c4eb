import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { intlLocale } from '@/format/locale';
import { formatMoney } from '@/format/money';

/** Minutes as hours with 2 decimals and the shown language's separators: 2550 -> "42.50" (US Spanish alike). */
function hoursOf(minutes: number): string {
  return (minutes / 60).toLocaleString(intlLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * The totals of a computed pay period as cards: hours regular, overtime and travel (travel is part of regular and
 * overtime, as hours worked), gross pay, mileage reimbursement and deductions.
 */
export function PayrollTotals({ totals }: { totals: PayrollReportOutput['totals'] }) {
  const { t } = useTranslation('finance');
  const cards = [
    { label: t('payroll.regularHours'), value: hoursOf(totals.regularMinutes) },
    { label: t('payroll.overtimeHours'), value: hoursOf(totals.overtimeMinutes) },
    { label: t('payroll.travelHours'), value: hoursOf(totals.travelMinutes) },
    { label: t('payroll.grossPay'), value: formatMoney(totals.grossPayCents) },
    { label: t('payroll.mileage'), value: formatMoney(totals.mileageCents) },
    { label: t('payroll.deductions'), value: formatMoney(totals.deductionCents) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-label={t('payroll.totals')}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {card.label}
          </Text>
          <Text size="lg" fw={700} ff="monospace">
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
