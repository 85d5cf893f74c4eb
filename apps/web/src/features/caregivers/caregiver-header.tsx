import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CAREGIVER_STATUS_LABELS, type CaregiverStatus } from '@hearth/shared/caregivers/caregivers.constants';
import type { CaregiverOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';

const STATUS_COLORS: Record<CaregiverStatus, string> = {
  applicant: 'blue',
  active: 'teal',
  inactive: 'gray',
  terminated: 'dark',
};

export function CaregiverStatusBadge({ status }: { status: CaregiverStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {CAREGIVER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The caregiver id of the route (/caregivers/{id}/...), or null when it is not a positive whole number. */
export function useCaregiverId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The caregiver of the route with their credentials, loaded once for the header and the sections. */
export function useCaregiver(id: number | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getCaregiver.queryOptions({ id: id ?? 0 }), enabled: id !== null });
}

/** The top of every caregiver page: back link, name, status badge, branch, and the page's actions. */
export function CaregiverHeader({ caregiver, actions }: { caregiver: CaregiverOutput; actions?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Anchor component={Link} to="/caregivers" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Caregivers
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>
              {caregiver.firstName} {caregiver.lastName}
            </Title>
            <CaregiverStatusBadge status={caregiver.status} />
          </Group>
          <Group gap="lg" mt={4}>
            <Text size="sm" c="dimmed">
              Branch:{' '}
              <Text span c="var(--mantine-color-text)" size="sm">
                {caregiver.branchName}
              </Text>
            </Text>
            {caregiver.phoneNumber && (
              <Text size="sm" c="dimmed">
                Phone:{' '}
                <Text span c="var(--mantine-color-text)" size="sm">
                  {caregiver.phoneNumber}
                </Text>
              </Text>
            )}
          </Group>
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}

/** While the caregiver loads or when they cannot be shown (404 outside the caller's branches). */
export function CaregiverLoadState({ id, query }: { id: number | null; query: ReturnType<typeof useCaregiver> }) {
  if (id === null || httpStatusOf(query.error) === 404) {
    return (
      <Alert color="red" title="Caregiver not found">
        There is no caregiver with this id, or they are outside your branches.{' '}
        <Anchor component={Link} to="/caregivers">
          Back to caregivers
        </Anchor>
      </Alert>
    );
  }
  if (query.isError) return <Alert color="red">{errorMessageOf(query.error)}</Alert>;
  return (
    <Stack gap="sm" aria-busy aria-label="Loading caregiver">
      <Skeleton height={14} width={80} />
      <Skeleton height={28} width={280} />
      <Skeleton height={14} width={360} />
    </Stack>
  );
}
