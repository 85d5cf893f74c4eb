import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BillingLineStatus } from '@hearth/shared/billing/billing.constants';
import type { ComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import { formatInstant } from '@/format/instant-format';
import { ROW_TIME_ZONE_KEY, type ViewFilter } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { DataTable } from '@/components/data-table/data-table';
import { parseTableUrl, serializeTableUrl } from '@/components/data-table/data-table.state';
import { useBranchOptions, usePayerSourceOptions } from '@/components/records/options';
import { formatDate } from '@/format/date-format';
import {
  presetOf,
  presetPeriod,
  selectionKey,
  selectionOf,
  withSelection,
  withStatus,
  type BillingSelection,
  type PeriodPreset,
} from './billing-report.state';
import { BillingTotals } from './billing-totals';

const VIEW = 'reportBilling';
const NO_SELECTION: BillingSelection = { ...presetPeriod('last'), branchId: null, payerSourceId: null };

/**
 * The period picker: this month, last month, or a custom range (the server allows up to 62 days). Keyed by the
 * period, so a period set elsewhere (a link, a preset) starts it afresh.
 */
function PeriodPicker({ selection, onPick }: { selection: BillingSelection; onPick: (p: { from: string; to: string }) => void }) {
  const { t } = useTranslation('finance');
  const preset = presetOf(selection);
  const [custom, setCustom] = useState(preset === 'custom');
  const [range, setRange] = useState<[string | null, string | null]>([selection.from, selection.to]);
  const pick = (value: string) => {
    setCustom(value === 'custom');
    if (value !== 'custom') onPick(presetPeriod(value as Exclude<PeriodPreset, 'custom'>));
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <SegmentedControl
        size="xs"
        aria-label={t('billing.period')}
        value={custom ? 'custom' : preset}
        onChange={pick}
        data={[
          { value: 'this', label: t('billing.thisMonth') },
          { value: 'last', label: t('billing.lastMonth') },
          { value: 'custom', label: t('billing.custom') },
        ]}
      />
      {custom || preset === 'custom' ? (
        <DatePickerInput
          type="range"
          size="xs"
          aria-label={t('billing.customPeriod')}
          valueFormat="MM/DD/YY"
          previousLabel={t('billing.previousMonth')}
          nextLabel={t('billing.nextMonth')}
          value={range}
          onChange={(next) => {
            setRange(next);
            if (next[0] && next[1]) onPick({ from: next[0], to: next[1] });
          }}
          w={190}
        />
      ) : (
        <Text size="sm" c="dimmed" pb={4}>
          {formatDate(selection.from)} – {formatDate(selection.to)}
        </Text>
      )}
    </Group>
  );
}

/**
 * When the selection's lines were last computed (the newest line's computedAt), or that they never were; in the
 * selected branch's zone (the line's own for all branches, the signed-in user's before any line).
 */
function LastComputed({ selection, result }: { selection: BillingSelection; result: ComputeBillingReportOutput | null }) {
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const branchZone = useBranchTimeZone(selection.branchId);
  const latest = useQuery(
    trpc.queryView.queryOptions(
      result
        ? skipToken
        : {
            view: VIEW,
            filters: withSelection([], selection),
            sort: [{ column: 'computedAt', direction: 'desc' }],
            page: 1,
            pageSize: 1,
          },
    ),
  );
  if (result) return <Text size="sm">{t('billing.computed', { at: formatInstant(result.computedAt, branchZone) })}</Text>;
  const at = latest.data?.rows[0]?.computedAt;
  const lineZone = latest.data?.rows[0]?.[ROW_TIME_ZONE_KEY];
  if (latest.isPending) return <Loader size="xs" aria-label={t('billing.loadingComputed')} />;
  return (
    <Text size="sm" c="dimmed">
      {typeof at === 'string'
        ? t('billing.lastComputed', { at: formatInstant(at, typeof lineZone === 'string' ? lineZone : branchZone) })
        : t('billing.notComputed')}
    </Text>
  );
}

/**
 * The selection above the billing lines: the period, the branch and the payer source, the "Compute billing" button,
 * when the selection was last computed, and why the last computation failed.
 * @param onSelect called with the changed part of the selection
 * @param shown the computation of this selection on this visit to the page, if any
 * @param branches the branch options, `payers` the payer source options (Select data)
 */
function SelectionBar(props: {
  selection: BillingSelection;
  onSelect: (patch: Partial<BillingSelection>) => void;
  computing: boolean;
  onCompute: () => void;
  computeError: string | null;
  shown: ComputeBillingReportOutput | null;
  branches: { value: string; label: string }[];
  payers: { value: string; label: string }[];
}) {
  const { selection, onSelect, computing, onCompute, computeError, shown, branches, payers } = props;
  const { t } = useTranslation('finance');
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <PeriodPicker key={`${selection.from}|${selection.to}`} selection={selection} onPick={onSelect} />
          <Select
            size="xs"
            aria-label={t('billing.branch')}
            placeholder={t('billing.allMyBranches')}
            data={branches}
            value={selection.branchId ? String(selection.branchId) : null}
            onChange={(v) => onSelect({ branchId: v ? Number(v) : null })}
            clearable
            w={180}
          />
          <Select
            size="xs"
            aria-label={t('billing.payer')}
            placeholder={t('billing.allPayers')}
            data={payers}
            value={selection.payerSourceId ? String(selection.payerSourceId) : null}
            onChange={(v) => onSelect({ payerSourceId: v ? Number(v) : null })}
            clearable
            w={200}
          />
          <Button size="xs" leftSection={<IconCalculator size={14} />} loading={computing} onClick={onCompute}>
            {t('billing.compute')}
          </Button>
        </Group>
        <LastComputed selection={selection} result={shown} />
        {computeError !== null && (
          <Alert color="red" variant="light" role="alert">
            {computeError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /reports/billing (issue "Payroll, billing, reports" items 2 and 3): pick a period (this month, last month,
 * custom), a branch and a payer, compute the billing (computeBillingReport stores the period's lines), see the
 * billed amount and the visits per status with why some are not billed, then the lines on the reportBilling view
 * filtered to the selection (sort, filters, CSV/XLSX export). The selection lives in the table's URL filters.
 */
export function BillingReportPage({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selection = selectionOf(parseTableUrl(params).filters ?? []);
  const fixed = selection !== null;
  const branches = useBranchOptions();
  const payers = usePayerSourceOptions();
  const [result, setResult] = useState<{ key: string; out: ComputeBillingReportOutput } | null>(null);

  /** Rewrites the table's filters from the current URL (never a stale copy), back to page 1. */
  const setFilters = (next: (filters: ViewFilter[]) => ViewFilter[]) =>
    setParams((prev) => {
      const url = parseTableUrl(prev);
      return serializeTableUrl({ ...url, page: undefined, filters: next(url.filters ?? []) }, prev);
    });
  const select = (patch: Partial<BillingSelection>) =>
    setFilters((filters) => withSelection(filters, { ...(selectionOf(filters) ?? NO_SELECTION), ...patch }));

  // A link without a period opens last month, the usual month to bill; filters cleared in the table bring back the
  // selection they held, so the table always shows one computed period.
  const lastSelection = useRef<BillingSelection>(NO_SELECTION);
  const key = selection ? selectionKey(selection) : null;
  useEffect(() => {
    const held = selectionOf(parseTableUrl(params).filters ?? []);
    if (held) lastSelection.current = held;
  }, [params]);
  useEffect(() => {
    if (fixed) return;
    setParams(
      (prev) => {
        const url = parseTableUrl(prev);
        return serializeTableUrl({ ...url, filters: withSelection(url.filters ?? [], lastSelection.current) }, prev);
      },
      { replace: true },
    );
  }, [fixed, setParams]);

  const compute = useMutation(
    trpc.computeBillingReport.mutationOptions({
      onSuccess: (out, input) => {
        setResult({ key: selectionKey({ branchId: null, payerSourceId: null, ...input }), out });
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
      },
    }),
  );
  const shown = key !== null && result?.key === key ? result.out : null;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/reports" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('back')}
        </Group>
      </Anchor>
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {selection ? (
        <SelectionBar
          selection={selection}
          onSelect={select}
          computing={compute.isPending}
          onCompute={() => compute.mutate(selection)}
          computeError={compute.isError ? errorMessageOf(compute.error) : null}
          shown={shown}
          branches={branches.options}
          payers={payers.options}
        />
      ) : null}
      {shown && (
        <BillingTotals
          result={shown}
          onShowStatus={(status: BillingLineStatus) => setFilters((filters) => withStatus(filters, status))}
        />
      )}
      {fixed ? <DataTable view={VIEW} /> : <Loader size="sm" aria-label={t('billing.loadingLines')} />}
    </Stack>
  );
}
