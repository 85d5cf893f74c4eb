import { Alert, Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADL_TASKS, IADL_TASKS } from '@hearth/shared/clients/clients.constants';
import { errorMessageOf } from '@/api/api-error';
import { useCarePlanTaskLabel } from './care-plan-task';
import { useCheckOutDetails } from './checkout-details';
import { visitDay, visitHours } from './visit-format';

const ADL = new Set<string>(ADL_TASKS);
const IADL = new Set<string>(IADL_TASKS);

function TaskGroup({ title, tasks }: { title: string; tasks: string[] }) {
  const { t } = useTranslation();
  const taskLabel = useCarePlanTaskLabel();
  if (tasks.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{title}</Text>
          <Badge variant="light" color="gray" size="sm" aria-label={t('carePlan.taskCount', { count: tasks.length })}>
            {tasks.length}
          </Badge>
        </Group>
        <List spacing={6} size="sm">
          {tasks.map((task) => (
            <List.Item key={task}>{taskLabel(task)}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * /app/care-plans/{care_plan_id} (issue item 5): the client's care plan, read-only. A care plan's id is its
 * client's id; the caregiver may read it through a visit of theirs with that client, so the page opens from a
 * visit (`?shiftId=` from the schedule card or the check-out page) and shows the tasks of
 * getCareSheetCheckOutDetails, or of the copy on the phone when offline. Tasks are grouped as ADLs and IADLs.
 */
export function CarePlanPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const shiftId = Number(searchParams.get('shiftId'));
  const fromVisit = Number.isInteger(shiftId) && shiftId > 0;
  const { details, source, loading, error } = useCheckOutDetails(fromVisit ? shiftId : 0);

  if (!fromVisit) {
    return (
      <Stack gap="md">
        <Title order={3}>{t('carePlan.title')}</Title>
        <Alert color="blue" icon={<IconCalendarEvent size={18} />}>
          {t('carePlan.opensFromVisit')}
          <Anchor component={Link} to="/app" display="block" mt={4} size="sm">
            {t('carePlan.goToSchedule')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const tasks = details?.tasks ?? [];
  const other = tasks.filter((task) => !ADL.has(task) && !IADL.has(task));
  return (
    <Stack gap="md" pb="xl">
      <Anchor
        component={Link}
        to={details ? `/app?startTimestamp=${encodeURIComponent(details.startTimestamp)}` : '/app'}
        size="sm"
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('carePlan.back')}
        </Group>
      </Anchor>
      <Title order={3}>{t('carePlan.title')}</Title>
      {loading && <Loader size="sm" aria-label={t('carePlan.loading')} />}
      {!loading && !details && <Alert color="red">{errorMessageOf(error)}</Alert>}
      {details && (
        <>
          <Stack gap={2}>
            <Text fw={600} size="lg">
              {details.clientName}
            </Text>
            <Text size="sm" c="dimmed">
              {t('carePlan.forVisit', {
                day: visitDay(details.startTimestamp, details.timezone),
                hours: visitHours(details.startTimestamp, details.endTimestamp, details.timezone),
              })}
            </Text>
          </Stack>
          {source === 'phone' && (
            <Alert color="orange" icon={<IconCloudOff size={18} />} p="xs">
              {t('carePlan.offline')}
            </Alert>
          )}
          {tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('carePlan.noTasks')}
            </Text>
          ) : (
            <>
              <TaskGroup title={t('carePlan.adl')} tasks={tasks.filter((task) => ADL.has(task))} />
              <TaskGroup title={t('carePlan.iadl')} tasks={tasks.filter((task) => IADL.has(task))} />
              <TaskGroup title={t('carePlan.other')} tasks={other} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
