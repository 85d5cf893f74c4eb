import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconCalculator, IconSettings } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { previousSemiMonthlyPeriod, semiMonthlyPeriodOf } from '@hearth/shared/payroll/payroll-period';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { DataTable } from '@/components/data-table/data-table';
import { parseTableUrl, serializeTableUrl } from '@/components/data-table/data-table.state';
import { useBranchOptions } from '@/components/records/options';
import { formatDateTime } from '@/format/date-format';
import { todayIso } from '@/format/local-date';
import { PayrollSettingsDrawer } from './payroll-settings.drawer';
import { PayrollTotals } from './payroll-totals';

type Preset = 'this' | 'last' | 'custom';

/** The columns the page's period and branch pickers filter on. */
const PERIOD_COLUMNS = ['periodFrom', 'periodTo', 'branchId'];

/** The filters that narrow the report's table to a period (and a branch): they live in the table's URL. */
function periodFilters(from: string, to: string, branchId: string | null): ViewFilter[] {
  return [
    { column: 'periodFrom', operator: 'equals', value: from },
    { column: 'periodTo', operator: 'equals', value: to },
    ...(branchId ? [{ column: 'branchId', operator: 'equals' as const, value: Number(branchId) }] : []),
  ];
}

/** The period and branch the URL's table filters name, if they name one. */
function periodOfUrl(params: URLSearchParams): { from: string; to: string; branchId: string | null } | null {
  const filters = parseTableUrl(params).filters ?? [];
  const value = (column: string) => filters.find((f) => f.column === column && f.operator === 'equals')?.value;
  const from = value('periodFrom');
  const to = value('periodTo');
  const branch = value('branchId');
  return typeof from === 'string' && typeof to === 'string' ? { from, to, branchId: branch ? String(branch) : null } : null;
}

/**
 * /reports/payroll (issue "Payroll, billing, reports" item 3): pick a semi-monthly pay period ("This pay period",
 * "Last pay period") or any dates, and a branch for users of several, compute its payroll (stored lines, replacing
 * the period's earlier ones) and read it as the reportPayroll table narrowed to the period, with its totals and
 * CSV/XLSX export. "Payroll settings" opens the company's rules (editable by a company admin).
 */
export function PayrollReportPage({ title, description, view }: { title: string; description: string; view: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can } = useAllowedActions();
  const branches = useBranchOptions();
  const [params, setParams] = useSearchParams();
  const fromUrl = periodOfUrl(params);
  const today = todayIso();
  const [preset, setPreset] = useState<Preset>(() => {
    if (!fromUrl) return 'last';
    const last = previousSemiMonthlyPeriod(today);
    const current = semiMonthlyPeriodOf(today);
    if (fromUrl.from === last.from && fromUrl.to === last.to) return 'last';
    return fromUrl.from === current.from && fromUrl.to === current.to ? 'this' : 'custom';
  });
  const [custom, setCustom] = useState<[string | null, string | null]>([fromUrl?.from ?? null, fromUrl?.to ?? null]);
  const [branchId, setBranchId] = useState<string | null>(fromUrl?.branchId ?? null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The last computation of this visit to the page, and the period and branch it was for.
  const [result, setResult] = useState<{ key: string; out: PayrollReportOutput } | null>(null);
  const compute = useMutation(trpc.computePayrollReport.mutationOptions());

  const period =
    preset === 'this'
      ? semiMonthlyPeriodOf(today)
      : preset === 'last'
        ? previousSemiMonthlyPeriod(today)
        : custom[0] && custom[1]
          ? { from: custom[0], to: custom[1] }
          : null;
  const periodFrom = period?.from;
  const periodTo = period?.to;

  // The table follows the chosen period and branch through its URL filters (shown as pills, kept on export); the
  // user's other filters stay.
  useEffect(() => {
    if (!periodFrom || !periodTo) return;
    setParams(
      (prev) => {
        const state = parseTableUrl(prev);
        const others = (state.filters ?? []).filter((f) => !PERIOD_COLUMNS.includes(f.column));
        const filters = [...periodFilters(periodFrom, periodTo, branchId), ...others];
        if (JSON.stringify(state.filters ?? []) === JSON.stringify(filters)) return prev;
        return serializeTableUrl({ ...state, page: undefined, filters }, prev);
      },
      { replace: true },
    );
  }, [periodFrom, periodTo, branchId, setParams]);

  const shown = result && result.key === `${periodFrom}|${periodTo}|${branchId ?? ''}` ? result.out : null;
  const run = () => {
    if (!period) return;
    compute.mutate(
      { from: period.from, to: period.to, ...(branchId ? { branchId: Number(branchId) } : {}) },
      {
        onSuccess: (out) => {
          setResult({ key: `${out.periodFrom}|${out.periodTo}|${branchId ?? ''}`, out });
          void queryClient.invalidateQueries({ queryKey: trpc.queryView.pathKey() });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/reports" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Reports
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2}>{title}</Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <Button variant="default" size="xs" leftSection={<IconSettings size={14} />} onClick={() => setSettingsOpen(true)}>
          Payroll settings
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Pay period
            </Text>
            <SegmentedControl
              size="xs"
              value={preset}
              onChange={(v) => setPreset(v as Preset)}
              data={[
                { value: 'this', label: 'This pay period' },
                { value: 'last', label: 'Last pay period' },
                { value: 'custom', label: 'Custom' },
              ]}
            />
          </Stack>
          {preset === 'custom' ? (
            <DatePickerInput
              type="range"
              size="xs"
              label="Dates"
              w={220}
              valueFormat="MM/DD/YY"
              placeholder="First and last day"
              previousLabel="Previous month"
              nextLabel="Next month"
              allowSingleDateInRange
              value={custom}
              onChange={(v) => setCustom([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
            />
          ) : (
            period && (
              <Text size="sm" pb={4} data-testid="payroll-period">
                {formatPeriod(period.from, period.to)}
              </Text>
            )
          )}
          {branches.options.length > 1 && (
            <Select
              size="xs"
              label="Branch"
              w={200}
              placeholder="All my branches"
              data={branches.options}
              value={branchId}
              onChange={setBranchId}
              clearable
            />
          )}
          {can('computePayrollReport') && (
            <Button
              size="xs"
              leftSection={<IconCalculator size={14} />}
              onClick={run}
              loading={compute.isPending}
              disabled={!period}
            >
              {shown ? 'Recompute payroll' : 'Compute payroll'}
            </Button>
          )}
          {shown && (
            <Text size="xs" c="dimmed" pb={6}>
              Computed {formatDateTime(shown.computedAt)} for {shown.caregivers} caregiver{shown.caregivers === 1 ? '' : 's'}
            </Text>
          )}
        </Group>
        {compute.isError && (
          <Alert color="red" variant="light" mt="sm">
            {errorMessageOf(compute.error)}
          </Alert>
        )}
      </Paper>

      {shown ? (
        <PayrollTotals totals={shown.totals} />
      ) : (
        <Text size="sm" c="dimmed">
          The table lists the lines last computed for this period. Compute payroll to bring them up to date and see the period's
          totals.
        </Text>
      )}
      <DataTable key={view} view={view} />
      <PayrollSettingsDrawer
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        canEdit={can('updatePayrollSettings')}
      />
    </Stack>
  );
}

/** "Mar 1 – Mar 15, 2031" of two YYYY-MM-DD dates. */
function formatPeriod(from: string, to: string): string {
  const date = (iso: string, year: boolean) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  return `${date(from, false)} – ${date(to, true)}`;
}
