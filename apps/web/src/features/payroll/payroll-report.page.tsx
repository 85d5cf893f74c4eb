import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconCalculator, IconSettings } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { previousSemiMonthlyPeriod, semiMonthlyPeriodOf } from '@hearth/shared/payroll/payroll-period';
import { formatInstant } from '@hearth/shared/app/time-display';
import { ROW_TIME_ZONE_KEY, type ViewFilter } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useBranchTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { DataTable } from '@/components/data-table/data-table';
import { parseTableUrl, serializeTableUrl } from '@/components/data-table/data-table.state';
import { useBranchOptions } from '@/components/records/options';
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

/** A stored payroll line as far as the page reads it: its period, when it was computed, and its branch zone. */
interface ComputedLine {
  periodFrom: string;
  periodTo: string;
  computedAt: string;
  timeZone: string;
}

function computedLineOf(row: Record<string, unknown> | undefined): ComputedLine | null {
  if (!row) return null;
  const { periodFrom, periodTo, computedAt } = row;
  const timeZone = row[ROW_TIME_ZONE_KEY];
  if (typeof periodFrom !== 'string' || typeof periodTo !== 'string' || typeof computedAt !== 'string') return null;
  return { periodFrom, periodTo, computedAt, timeZone: typeof timeZone === 'string' ? timeZone : '' };
}

/** The preset naming a period on `today`: this or last pay period, else custom dates. */
function presetOf(period: { from: string; to: string }, today: string): Preset {
  const last = previousSemiMonthlyPeriod(today);
  const current = semiMonthlyPeriodOf(today);
  if (period.from === last.from && period.to === last.to) return 'last';
  return period.from === current.from && period.to === current.to ? 'this' : 'custom';
}

/**
 * /reports/payroll (issue "Payroll, billing, reports" item 3): pick a semi-monthly pay period ("This pay period",
 * "Last pay period") or any dates, and a branch for users of several, compute its payroll (stored lines, replacing
 * the period's earlier ones) and read it as the reportPayroll table narrowed to the period, with its totals and
 * CSV/XLSX export. "Payroll settings" opens the company's rules (editable by a company admin).
 * It opens on the latest period payroll was computed for (or the last pay period when none was: issue 18 item 8),
 * says when the shown lines were computed, and says plainly, with the Compute button, when a period has not been
 * computed yet instead of showing an empty table.
 */
export function PayrollReportPage({ title, description, view }: { title: string; description: string; view: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can } = useAllowedActions();
  const branches = useBranchOptions();
  const [params, setParams] = useSearchParams();
  const fromUrl = periodOfUrl(params);
  const today = todayIso();
  // Without a period in the URL the page opens on the latest period computed (newest period first).
  const latestComputed = useQuery(
    trpc.queryView.queryOptions(
      fromUrl
        ? skipToken
        : {
            view,
            sort: [
              { column: 'periodTo', direction: 'desc' },
              { column: 'computedAt', direction: 'desc' },
            ],
            page: 1,
            pageSize: 1,
          },
    ),
  );
  const latestLine = computedLineOf(latestComputed.data?.rows[0]);
  const opening: { preset: Preset; custom: [string | null, string | null] } | null = fromUrl
    ? { preset: presetOf(fromUrl, today), custom: [fromUrl.from, fromUrl.to] }
    : latestLine
      ? {
          preset: presetOf({ from: latestLine.periodFrom, to: latestLine.periodTo }, today),
          custom: [latestLine.periodFrom, latestLine.periodTo],
        }
      : latestComputed.isPending
        ? null
        : { preset: 'last', custom: [null, null] };
  // The user's own choices win over the opening period.
  const [chosenPreset, setPreset] = useState<Preset | null>(null);
  const [chosenCustom, setCustom] = useState<[string | null, string | null] | null>(null);
  const preset = chosenPreset ?? opening?.preset ?? null;
  const custom = chosenCustom ?? opening?.custom ?? [null, null];
  const [branchId, setBranchId] = useState<string | null>(fromUrl?.branchId ?? null);
  const branchZone = useBranchTimeZone(branchId ? Number(branchId) : null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The last computation of this visit to the page, and the period and branch it was for.
  const [result, setResult] = useState<{ key: string; out: PayrollReportOutput } | null>(null);
  const compute = useMutation(trpc.computePayrollReport.mutationOptions());

  const period =
    preset === 'this'
      ? semiMonthlyPeriodOf(today)
      : preset === 'last'
        ? previousSemiMonthlyPeriod(today)
        : preset === 'custom' && custom[0] && custom[1]
          ? { from: custom[0], to: custom[1] }
          : null;
  const periodFrom = period?.from;
  const periodTo = period?.to;
  // The newest line of the chosen period and branch: whether (and when) its payroll was computed.
  const periodComputed = useQuery(
    trpc.queryView.queryOptions(
      periodFrom && periodTo
        ? {
            view,
            filters: periodFilters(periodFrom, periodTo, branchId),
            sort: [{ column: 'computedAt', direction: 'desc' }],
            page: 1,
            pageSize: 1,
          }
        : skipToken,
    ),
  );
  const periodLine = computedLineOf(periodComputed.data?.rows[0]);
  const notComputed = Boolean(period) && periodComputed.isSuccess && !periodLine;

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
  const canCompute = can('computePayrollReport');
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

      {preset === null ? (
        <Loader size="sm" aria-label="Loading the last computed payroll" />
      ) : (
        <>
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
              {canCompute && (
                <Button
                  size="xs"
                  leftSection={<IconCalculator size={14} />}
                  onClick={run}
                  loading={compute.isPending}
                  disabled={!period}
                >
                  {shown || periodLine ? 'Recompute payroll' : 'Compute payroll'}
                </Button>
              )}
              {shown ? (
                <Text size="xs" c="dimmed" pb={6}>
                  Computed {formatInstant(shown.computedAt, branchZone)} for {shown.caregivers} caregiver
                  {shown.caregivers === 1 ? '' : 's'}
                </Text>
              ) : (
                periodLine && (
                  <Text size="xs" c="dimmed" pb={6}>
                    Last computed {formatInstant(periodLine.computedAt, periodLine.timeZone || branchZone)}
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

          {shown ? (
            <PayrollTotals totals={shown.totals} />
          ) : notComputed && period ? (
            <Alert
              color="blue"
              variant="light"
              title={`Payroll for ${formatPeriod(period.from, period.to)} has not been computed yet`}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {canCompute
                    ? "Compute payroll to work out each caregiver's hours, overtime, mileage and gross pay for this period."
                    : 'Someone who may compute payroll (a company admin or branch manager) has to compute it first.'}
                </Text>
                {canCompute && (
                  <Button size="xs" leftSection={<IconCalculator size={14} />} onClick={run} loading={compute.isPending}>
                    Compute payroll now
                  </Button>
                )}
              </Stack>
            </Alert>
          ) : period ? (
            <Text size="sm" c="dimmed">
              The table lists the lines last computed for this period. Compute payroll again to bring them up to date and see the
              period&apos;s totals.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Pick the first and last day of the period.
            </Text>
          )}
          {!notComputed && (!period || !periodComputed.isPending) && <DataTable key={view} view={view} />}
        </>
      )}
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
