import { useState } from 'react';
import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DASHBOARD_MAX_DAYS } from '@hearth/shared/dashboards/dashboards.schema';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { BranchPicker } from './branch-picker';

/**
 * The period (a date range of at most DASHBOARD_MAX_DAYS days, applied once both ends are picked) and, when
 * `onBranch` is given, the branch of a dashboard.
 */
export function EvvFilters(props: {
  from: string;
  to: string;
  onPeriod: (period: { from: string; to: string }) => void;
  branchId?: number | undefined;
  onBranch?: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('reports');
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const value = picking ?? [props.from, props.to];
  const first = picking?.[0] && !picking[1] ? DateTime.fromISO(picking[0]) : null;
  return (
    <Group gap="sm" align="flex-end">
      <DatePickerInput
        type="range"
        size="xs"
        label={t('filters.period')}
        w={240}
        valueFormat="MMM D, YYYY"
        previousLabel={t('filters.previousMonth')}
        nextLabel={t('filters.nextMonth')}
        value={value}
        // While picking, the end may be at most the longest period after the start.
        maxDate={first ? first.plus({ days: DASHBOARD_MAX_DAYS - 1 }).toISODate()! : undefined}
        onChange={(next) => {
          const [from, to] = next as [string | null, string | null];
          if (from && to) {
            setPicking(null);
            props.onPeriod({ from, to });
          } else setPicking([from, to]);
        }}
        onDropdownClose={() => setPicking(null)}
      />
      {props.onBranch && <BranchPicker value={props.branchId} onChange={props.onBranch} />}
    </Group>
  );
}
