import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { evvParamsOf, todayText } from './dashboards.format';
import { EvvFilters } from './evv-filters';
import { EvvSettingsDrawer } from './evv-settings.drawer';
import { EvvTable, type EvvSort } from './evv-table';
import { EvvTrends } from './evv-trends';
import { EvvTotals } from './stat-cards';

/** People per page of the caregivers and clients lists. */
const PAGE_SIZE = 50;

/**
 * /dashboard/evv (spec route table: tab parameter caregivers, clients, trends): EVV compliance of completed
 * visits over a period (default the last 4 full weeks) in the caller's branches or one; per caregiver, per client
 * (tables sorted and paged by the server, opening the drill-downs) and per week (charts). Period, branch, tab, the
 * list's order and page live in the URL.
 * "EVV settings" opens the company's EVV time rules (editable by a company admin).
 */
export function EvvDashboardPage() {
  const { t } = useTranslation('reports');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const { from, to, branchId, tab, sort, desc, page } = evvParamsOf(params, todayText());
  const list = tab === 'clients' ? 'clients' : 'caregivers';
  // The previous answer stays on screen while the next page or order loads, so the table does not jump.
  const evv = useQuery({
    ...trpc.getEvvDashboard.queryOptions({
      from,
      to,
      ...(branchId ? { branchId } : {}),
      list,
      sort,
      desc,
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const update = (patch: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  const period = `from=${from}&to=${to}`;
  // A new period, branch, tab or order starts at the first page.
  const firstPage = { page: undefined };
  const tableProps = {
    sort: { key: sort, desc },
    onSort: (next: EvvSort) => update({ ...firstPage, sort: next.key, desc: next.desc ? '1' : undefined }),
    page,
    pageSize: PAGE_SIZE,
    total: evv.data?.list.total ?? 0,
    onPage: (next: number) => update({ page: next === 1 ? undefined : String(next) }),
  };
  const rows = (evv.data?.list.kind === list ? evv.data.list.rows : []).map((r) => ({
    ...r,
    to: `/dashboard/evv/${list === 'clients' ? 'client' : 'caregiver'}/${r.id}?${period}`,
  }));
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard" size="sm">
          {t('dashboard.title')}
        </Anchor>
        <span>{t('evv.title')}</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <Title order={2}>{t('evv.title')}</Title>
          {can('getEvvSettings') && (
            <Button variant="default" size="xs" leftSection={<IconSettings size={14} />} onClick={() => setSettingsOpen(true)}>
              {t('evv.settings')}
            </Button>
          )}
        </Group>
        <EvvFilters
          from={from}
          to={to}
          onPeriod={(p) => update({ ...p, ...firstPage })}
          branchId={branchId}
          onBranch={(id) => update({ ...firstPage, branchId: id === undefined ? undefined : String(id) })}
        />
      </Group>
      {evv.isError && <Alert color="red">{evv.error.message}</Alert>}
      {evv.isPending && <Loader size="sm" />}
      {evv.data && <EvvTotals totals={evv.data.totals} />}
      <Tabs value={tab} onChange={(v) => update({ ...firstPage, tab: v ?? 'caregivers' })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="caregivers">{t('evv.caregivers')}</Tabs.Tab>
          <Tabs.Tab value="clients">{t('evv.clients')}</Tabs.Tab>
          <Tabs.Tab value="trends">{t('evv.trendsTab')}</Tabs.Tab>
        </Tabs.List>
        {evv.data && (
          <>
            <Tabs.Panel value="caregivers" pt="md">
              <EvvTable label={t('evv.caregivers')} rows={rows} {...tableProps} />
            </Tabs.Panel>
            <Tabs.Panel value="clients" pt="md">
              <EvvTable label={t('evv.clients')} rows={rows} {...tableProps} />
            </Tabs.Panel>
            <Tabs.Panel value="trends" pt="md">
              <EvvTrends trends={evv.data.trends} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
      <EvvSettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} canEdit={can('updateEvvSettings')} />
    </Stack>
  );
}
