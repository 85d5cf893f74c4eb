import { useEffect, useState } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { useTRPC } from '@/api/trpc';
import { parseTableUrl, serializeTableUrl } from '@/components/data-table/data-table.state';
import { todayIso } from '@/format/local-date';
import {
  computedLineOf,
  PERIOD_COLUMNS,
  periodFilters,
  periodOfPreset,
  periodOfUrl,
  presetOf,
  type Period,
  type Preset,
} from './payroll-report.period';

/**
 * The period the page opens on: the URL's, else the latest period payroll was computed for (newest period first),
 * else the last pay period; null while the latest computed period loads.
 */
function useOpeningPeriod(view: string, today: string) {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const fromUrl = periodOfUrl(params);
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
  return { opening, urlBranchId: fromUrl?.branchId ?? null };
}

/**
 * The payroll page's pick of a pay period and a branch for the reportPayroll view `view`: it opens on the URL's
 * period, else the latest computed one, else the last pay period; the user's own choices win. The table follows
 * the pick through its URL filters (the user's other filters stay).
 * @returns the preset (null while the opening period loads) and custom days with their setters, the branch id (a
 * string) and its setter, the picked `period` (null until complete), `periodLine` (the newest computed line of the
 * period and branch, if any), `notComputed` (known to have none) and `checking` (still asking)
 */
export function usePayrollPeriod(view: string) {
  const trpc = useTRPC();
  const [, setParams] = useSearchParams();
  const today = todayIso();
  const { opening, urlBranchId } = useOpeningPeriod(view, today);
  // The user's own choices win over the opening period.
  const [chosenPreset, setPreset] = useState<Preset | null>(null);
  const [chosenCustom, setCustom] = useState<[string | null, string | null] | null>(null);
  const preset = chosenPreset ?? opening?.preset ?? null;
  const custom = chosenCustom ?? opening?.custom ?? [null, null];
  const [branchId, setBranchId] = useState<string | null>(urlBranchId);

  const period = periodOfPreset(preset, custom, today);
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

  return {
    preset,
    setPreset,
    custom,
    setCustom,
    branchId,
    setBranchId,
    period,
    periodLine,
    notComputed,
    checking: periodComputed.isPending,
  };
}

/**
 * Computes the payroll of `period` (and the branch `branchId`, a string, or all the user's branches), replacing
 * the period's stored lines, and refreshes every table of views.
 * @returns `run` (does nothing without a period), the mutation (`compute`), and `shown`: the last computation of
 * this visit to the page when it was for the current period and branch, else null
 */
export function usePayrollCompute(period: Period | null, branchId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The last computation of this visit to the page, and the period and branch it was for.
  const [result, setResult] = useState<{ key: string; out: PayrollReportOutput } | null>(null);
  const compute = useMutation(trpc.computePayrollReport.mutationOptions());
  const shown = result && result.key === `${period?.from}|${period?.to}|${branchId ?? ''}` ? result.out : null;
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
  return { compute, run, shown };
}
