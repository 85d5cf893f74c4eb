import { Alert, Grid, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { CaseAttachments } from './case.attachments';
import { CaseComments } from './case.comments';
import { CaseDeadlines } from './case.deadlines';
import { CaseHeader } from './case.header';
import { CaseHistory } from './case.history';
import { CaseModules } from './case.modules';
import { CaseWork } from './case.work';

/**
 * /cases/{id} (spec; issue 24 item 2): works one case. The head (number, type, status, priority, client, visit,
 * caregivers, reporter), the deadlines with overdue badges and "Mark reported to the state", the status buttons the
 * server allows (a reason asked when cancelling or reopening), assignee and priority, the modules (start one, open
 * its care form), comments, attachments and the history. An out-of-reach case shows the server's 404 message.
 */
export function CasePage() {
  const { t } = useTranslation('cases');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const found = useQuery({ ...trpc.cases.detail.queryOptions({ id }), enabled: valid });
  if (!valid || found.isError) {
    return (
      <Alert color="red" role="alert" variant="light">
        {valid ? errorMessageOf(found.error) : t('case.notFound')}
      </Alert>
    );
  }
  if (!found.data) return <Loader size="sm" aria-label={t('case.loading')} />;
  const detail = found.data;
  return (
    <Stack gap="md">
      <CaseHeader detail={detail} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <CaseWork detail={detail} />
            <CaseModules detail={detail} />
            <CaseComments detail={detail} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <CaseDeadlines detail={detail} />
            <CaseAttachments detail={detail} />
            {can('cases.history') && <CaseHistory caseId={detail.id} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
