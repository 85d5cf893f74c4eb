import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingLineStatus } from '@hearth/shared/billing/billing.constants';
import type { ComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import { formatCount, formatMoney } from '@/format/money';

/**
 * Each status's colour; its name and why, as the office reads it (issue "Payroll, billing, reports" item 2), are
 * `billing.status.<status>` and `billing.why.<status>` of the finance catalogue.
 */
const STATUS_COLOR: Record<BillingLineStatus, string> = {
  billable: 'teal',
  over_authorization: 'yellow',
  not_evv_verified: 'orange',
  no_rate: 'red',
};
const ORDER: BillingLineStatus[] = ['billable', 'over_authorization', 'not_evv_verified', 'no_rate'];

/** The count's plural form picks the word; the number itself keeps its thousands separators. */
const counted = (n: number) => ({ count: n, formatted: formatCount(n) });

function StatusCard(props: {
  status: BillingLineStatus;
  totals: ComputeBillingReportOutput['byStatus'][BillingLineStatus];
  onShow: () => void;
}) {
  const { status, totals, onShow } = props;
  const { t } = useTranslation('finance');
  const look = { color: STATUS_COLOR[status] };
  const alarming = totals.lines > 0 && (status === 'not_evv_verified' || status === 'no_rate');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{
        borderLeft: `4px solid var(--mantine-color-${look.color}-filled)`,
        background: alarming ? `var(--mantine-color-${look.color}-light)` : undefined,
      }}
    >
      <Stack gap={2}>
        <Text size="sm" fw={600} c={alarming ? `${look.color}.8` : undefined}>
          {t(`billing.status.${status}`)}
        </Text>
        <Text size="lg" fw={700}>
          {t('billing.visits', counted(totals.lines))}
        </Text>
        <Text size="xs" c="dimmed">
          {t('billing.units', counted(totals.units))}
          {status === 'billable' || status === 'over_authorization' ? ` · ${formatMoney(totals.amountCents)}` : ''}
        </Text>
        <Text size="xs">{t(`billing.why.${status}`)}</Text>
        {totals.lines > 0 && (
          <Anchor component="button" type="button" size="xs" w="fit-content" onClick={onShow}>
            {t('billing.showVisits')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The totals of a computed billing period: the billed amount (billable and over-authorization lines, cents shown
 * in dollars) and units, then one card per status with its visits, units and why; a card's link filters the table
 * to its status.
 */
export function BillingTotals({
  result,
  onShowStatus,
}: {
  result: ComputeBillingReportOutput;
  onShowStatus: (status: BillingLineStatus) => void;
}) {
  const { t } = useTranslation('finance');
  const billedUnits = result.byStatus.billable.units + result.byStatus.over_authorization.units;
  const billedLines = result.byStatus.billable.lines + result.byStatus.over_authorization.lines;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <Paper withBorder radius="md" p="sm" style={{ borderLeft: '4px solid var(--mantine-color-blue-filled)' }}>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('billing.billedAmount')}
          </Text>
          <Text size="xl" fw={700} aria-label={t('billing.billedAmount')}>
            {formatMoney(result.billedAmountCents)}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('billing.units', counted(billedUnits))} · {t('billing.visits', counted(billedLines))}
            </Text>
          </Group>
          <Text size="xs">{t('billing.billedHint')}</Text>
        </Stack>
      </Paper>
      {ORDER.map((status) => (
        <StatusCard key={status} status={status} totals={result.byStatus[status]} onShow={() => onShowStatus(status)} />
      ))}
    </SimpleGrid>
  );
}
