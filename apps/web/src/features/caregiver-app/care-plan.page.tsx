import { Alert, Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconCloudOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ADL_TASKS, IADL_TASKS } from '@hearth/shared/clients/clients.constants';
import { errorMessageOf } from '@/api/api-error';
import { useCheckOutDetails } from './checkout-details';
import { visitDay, visitHours } from './visit-format';

const ADL = new Set<string>(ADL_TASKS);
const IADL = new Set<string>(IADL_TASKS);

function TaskGroup({ title, tasks }: { title: string; tasks: string[] }) {
  if (tasks.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{title}</Text>
          <Badge variant="light" color="gray" size="sm">
            {tasks.length}
          </Badge>
        </Group>
        <List spacing={6} size="sm">
          {tasks.map((t) => (
            <List.Item key={t}>{t}</List.Item>
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
  const [searchParams] = useSearchParams();
  const shiftId = Number(searchParams.get('shiftId'));
  const fromVisit = Number.isInteger(shiftId) && shiftId > 0;
  const { details, source, loading, error } = useCheckOutDetails(fromVisit ? shiftId : 0);

  if (!fromVisit) {
    return (
      <Stack gap="md">
        <Title order={3}>Care plan</Title>
        <Alert color="blue" icon={<IconCalendarEvent size={18} />}>
          A care plan opens from a visit: tap &quot;Care plan&quot; on a visit of your schedule.
          <Anchor component={Link} to="/app" display="block" mt={4} size="sm">
            Go to your schedule
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const tasks = details?.tasks ?? [];
  const other = tasks.filter((t) => !ADL.has(t) && !IADL.has(t));
  return (
    <Stack gap="md" pb="xl">
      <Anchor
        component={Link}
        to={details ? `/app?startTimestamp=${encodeURIComponent(details.startTimestamp)}` : '/app'}
        size="sm"
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          Schedule
        </Group>
      </Anchor>
      <Title order={3}>Care plan</Title>
      {loading && <Loader size="sm" aria-label="Loading the care plan" />}
      {!loading && !details && <Alert color="red">{errorMessageOf(error)}</Alert>}
      {details && (
        <>
          <Stack gap={2}>
            <Text fw={600} size="lg">
              {details.clientName}
            </Text>
            <Text size="sm" c="dimmed">
              For the visit of {visitDay(details.startTimestamp, details.timezone)},{' '}
              {visitHours(details.startTimestamp, details.endTimestamp, details.timezone)}
            </Text>
          </Stack>
          {source === 'phone' && (
            <Alert color="orange" icon={<IconCloudOff size={18} />} p="xs">
              Offline: the plan as saved on this phone.
            </Alert>
          )}
          {tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              The care plan lists no tasks. Ask the office what the client needs.
            </Text>
          ) : (
            <>
              <TaskGroup title="Activities of daily living (ADLs)" tasks={tasks.filter((t) => ADL.has(t))} />
              <TaskGroup title="Household activities (IADLs)" tasks={tasks.filter((t) => IADL.has(t))} />
              <TaskGroup title="Other tasks" tasks={other} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
