import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CLIENT_STATUS_LABELS, type ClientStatus } from '@hearth/shared/clients/clients.constants';
import type { ClientOutput } from '@hearth/shared/clients/clients.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';

const STATUS_COLORS: Record<ClientStatus, string> = {
  active: 'teal',
  on_hold: 'yellow',
  discharged: 'gray',
  deceased: 'dark',
};

export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {CLIENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The client id of the route (/clients/{id}/...), or null when it is not a positive whole number. */
export function useClientId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The client of the route, loaded once for the header and the sections. */
export function useClient(id: number | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getClient.queryOptions({ id: id ?? 0 }), enabled: id !== null });
}

/** The top of every client page: back link, name, status badge, branch and payer, and the page's actions. */
export function ClientHeader({ client, actions }: { client: ClientOutput; actions?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Anchor component={Link} to="/clients" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Clients
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>
              {client.firstName} {client.lastName}
            </Title>
            <ClientStatusBadge status={client.status} />
          </Group>
          <Group gap="lg" mt={4}>
            <Text size="sm" c="dimmed">
              Branch:{' '}
              <Text span c="var(--mantine-color-text)" size="sm">
                {client.branchName}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              Payer:{' '}
              <Text span c="var(--mantine-color-text)" size="sm">
                {client.primaryPayerSourceName ?? 'None'}
              </Text>
            </Text>
          </Group>
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}

/** While the client loads or when it cannot be shown (404 outside the caller's branches, so it "does not exist"). */
export function ClientLoadState({ id, query }: { id: number | null; query: ReturnType<typeof useClient> }) {
  if (id === null || httpStatusOf(query.error) === 404) {
    return (
      <Alert color="red" title="Client not found">
        There is no client with this id, or it is outside your branches.{' '}
        <Anchor component={Link} to="/clients">
          Back to clients
        </Anchor>
      </Alert>
    );
  }
  if (query.isError) return <Alert color="red">{errorMessageOf(query.error)}</Alert>;
  return (
    <Stack gap="sm" aria-busy aria-label="Loading client">
      <Skeleton height={14} width={80} />
      <Skeleton height={28} width={280} />
      <Skeleton height={14} width={360} />
    </Stack>
  );
}
