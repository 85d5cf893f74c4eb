import { Alert, Badge, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardHeart, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADL_TASKS, CARE_PLAN_TASKS, IADL_TASKS } from '@hearth/shared/clients/clients.constants';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import { useTRPC } from '@/api/trpc';
import { ClientAppFrame } from '../client-app.frame';

const ADL = new Set<string>(ADL_TASKS);
const IADL = new Set<string>(IADL_TASKS);
const KNOWN = new Set<string>(CARE_PLAN_TASKS);

/**
 * A task's name in the shown language: tasks are stored by their English name from the care plan's fixed list,
 * which is also their key in the records catalogue (as the office's form and the caregiver's phone name them); a
 * name outside the list is shown as stored.
 */
function useTaskLabel(): (task: string) => string {
  const { t } = useTranslation('records');
  return (task) => (KNOWN.has(task) ? t(`carePlan.tasks.${task as (typeof CARE_PLAN_TASKS)[number]}`) : task);
}

function TaskGroup({ title, tasks }: { title: string; tasks: string[] }) {
  const { t } = useTranslation('clientApp');
  const label = useTaskLabel();
  if (tasks.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{title}</Text>
          <Badge variant="light" color="gray" size="sm">
            {t('carePlan.taskCount', { count: tasks.length })}
          </Badge>
        </Group>
        <List spacing={6} size="sm">
          {tasks.map((task) => (
            <List.Item key={task}>{label(task)}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

function CarePlan({ client }: { client: ClientAppClient }) {
  const { t } = useTranslation('clientApp');
  const trpc = useTRPC();
  const plan = useQuery(trpc.clientAppGetCarePlan.queryOptions({ clientId: client.clientId }));
  if (plan.isPending) return <Loader size="sm" aria-label={t('carePlan.loading')} />;
  if (plan.isError) return <Alert color="red">{t('carePlan.failed')}</Alert>;
  const { tasks } = plan.data;
  if (tasks.length === 0)
    return (
      <Paper withBorder p="lg" radius="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconClipboardHeart size={24} stroke={1.5} aria-hidden />
          <Stack gap={4}>
            <Text fw={500}>{t('carePlan.noTasks', { name: client.firstName })}</Text>
            <Text size="sm" c="dimmed">
              {t('carePlan.noTasksHint')}
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  return (
    <Stack gap="md">
      <Text size="sm">{t('carePlan.intro', { name: client.firstName })}</Text>
      <TaskGroup title={t('carePlan.adl')} tasks={tasks.filter((task) => ADL.has(task))} />
      <TaskGroup title={t('carePlan.iadl')} tasks={tasks.filter((task) => IADL.has(task))} />
      <TaskGroup title={t('carePlan.other')} tasks={tasks.filter((task) => !ADL.has(task) && !IADL.has(task))} />
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {t('carePlan.readOnly')}
      </Alert>
    </Stack>
  );
}

/**
 * /client-mobile-app/care-plan (issue "client and family app" item 3): the shown client's care plan, read-only
 * (clientAppGetCarePlan): the tasks the office set, grouped as ADLs, IADLs and others as the caregiver's phone
 * shows them. Needs the careNotes permission.
 */
export function ClientCarePlanPage() {
  const { t } = useTranslation('clientApp');
  return (
    <ClientAppFrame title={t('carePlan.title')} permission="careNotes">
      {(client) => <CarePlan client={client} />}
    </ClientAppFrame>
  );
}
