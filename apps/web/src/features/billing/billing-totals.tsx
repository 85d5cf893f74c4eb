import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { BILLING_LINE_STATUS_LABELS, type BillingLineStatus } from '@hearth/shared/billing/billing.constants';
import type { ComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import { formatMoney } from '@/format/money';

/** Each status's colour and why, as the office reads it (issue "Payroll, billing, reports" item 2). */
const STATUS_LOOK: Record<BillingLineStatus, { color: string; why: string }> = {
  billable: { color: 'teal', why: 'Verified, priced and within the authorization.' },
  over_authorization: { color: 'yellow', why: 'Billed, but past the authorized units or dates: review before sending.' },
  not_evv_verified: { color: 'orange', why: 'Not billed: the payer requires EVV and the visit’s times were not verified.' },
  no_rate: { color: 'red', why: 'Not billed: the visit has no service code, or the payer has no rate for it.' },
};
const ORDER: BillingLineStatus[] = ['billable', 'over_authorization', 'not_evv_verified', 'no_rate'];

const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function StatusCard(props: {
  status: BillingLineStatus;
  totals: ComputeBillingReportOutput['byStatus'][BillingLineStatus];
  onShow: () => void;
}) {
  const { status, totals, onShow } = props;
  const look = STATUS_LOOK[status];
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
          {BILLING_LINE_STATUS_LABELS[status]}
        </Text>
        <Text size="lg" fw={700}>
          {count(totals.lines, 'visit')}
        </Text>
        <Text size="xs" c="dimmed">
          {count(totals.units, 'unit')}
          {status === 'billable' || status === 'over_authorization' ? ` · ${formatMoney(totals.amountCents)}` : ''}
        </Text>
        <Text size="xs">{look.why}</Text>
        {totals.lines > 0 && (
          <Anchor component="button" type="button" size="xs" w="fit-content" onClick={onShow}>
            Show these visits
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
  const billedUnits = result.byStatus.billable.units + result.byStatus.over_authorization.units;
  const billedLines = result.byStatus.billable.lines + result.byStatus.over_authorization.lines;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <Paper withBorder radius="md" p="sm" style={{ borderLeft: '4px solid var(--mantine-color-blue-filled)' }}>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Billed amount
          </Text>
          <Text size="xl" fw={700} aria-label="Billed amount">
            {formatMoney(result.billedAmountCents)}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {count(billedUnits, 'unit')} · {count(billedLines, 'visit')}
            </Text>
          </Group>
          <Text size="xs">Billable and over-authorization visits at units × rate.</Text>
        </Stack>
      </Paper>
      {ORDER.map((status) => (
        <StatusCard key={status} status={status} totals={result.byStatus[status]} onShow={() => onShowStatus(status)} />
      ))}
    </SimpleGrid>
  );
}
