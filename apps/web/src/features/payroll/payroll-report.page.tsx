import { useState } from 'react';
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowedActions } from '@/api/allowed-actions';
import { useBranchTimeZone } from '@/api/display-zone';
import { DataTable } from '@/components/data-table/data-table';
import { useBranchOptions } from '@/components/records/options';
import { usePayrollCompute, usePayrollPeriod } from './payroll-report.hooks';
import { PayrollStatus } from './payroll-report.status';
import { PayrollPeriodBar } from './payroll-report.toolbar';
import { PayrollSettingsDrawer } from './payroll-settings.drawer';

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
  const { t } = useTranslation('finance');
  const { can } = useAllowedActions();
  const branches = useBranchOptions();
  const pick = usePayrollPeriod(view);
  const { preset, period, branchId, notComputed } = pick;
  const branchZone = useBranchTimeZone(branchId ? Number(branchId) : null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const computing = usePayrollCompute(period, branchId);
  const canCompute = can('computePayrollReport');

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/reports" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('back')}
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
          {t('payroll.settings')}
        </Button>
      </Group>

      {preset === null ? (
        <Loader size="sm" aria-label={t('payroll.loadingLast')} />
      ) : (
        <>
          <PayrollPeriodBar
            pick={{ ...pick, preset }}
            computing={computing}
            canCompute={canCompute}
            branchOptions={branches.options}
            branchZone={branchZone}
          />
          <PayrollStatus
            shown={computing.shown}
            period={period}
            notComputed={notComputed}
            canCompute={canCompute}
            computing={computing.compute.isPending}
            onCompute={computing.run}
          />
          {!notComputed && (!period || !pick.checking) && <DataTable key={view} view={view} />}
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
