import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';

/** The id of the route (/clients/{id}/..., /caregivers/{id}/...), or null when it is not a positive whole number. */
export function useRouteId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A status as a light badge in its color. */
export function StatusBadge({ color, label }: { color: string; label: string }) {
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** One dimmed "Label: value" fact under the name. */
function HeaderFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {label}:{' '}
      <Text span c="var(--mantine-color-text)" size="sm">
        {children}
      </Text>
    </Text>
  );
}

/** "client" → "Client". */
export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The top of every profile page: back link to the list of the `noun`'s records (/clients, "Clients"), the person's
 * name, status badge, a row of facts (a fact whose value is false is left out), and the page's actions.
 */
export function ProfileHeader(props: {
  noun: 'client' | 'caregiver';
  person: { firstName: string; lastName: string };
  badge: ReactNode;
  facts: { label: string; value: ReactNode | false }[];
  actions?: ReactNode;
}) {
  const { noun, person, badge, facts, actions } = props;
  const { t } = useTranslation('records');
  const [backTo, backLabel, name] = [`/${noun}s`, t(`people.${noun}.plural`), `${person.firstName} ${person.lastName}`];
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {backLabel}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>{name}</Title>
            {badge}
          </Group>
          <Group gap="lg" mt={4}>
            {facts.map(
              ({ label, value }) =>
                value !== false && (
                  <HeaderFact key={label} label={label}>
                    {value}
                  </HeaderFact>
                ),
            )}
          </Group>
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}

/**
 * While a profile's record loads or when it cannot be shown (404 outside the caller's branches, so it "does not
 * exist"): "{Noun} not found" with "There is no {noun} with this id, or it is outside your branches." and a link
 * back to the list, in the shown language.
 */
export function ProfileLoadState(props: {
  id: number | null;
  query: { error: unknown; isError: boolean };
  noun: 'client' | 'caregiver';
}) {
  const { id, query, noun } = props;
  const { t } = useTranslation('records');
  if (id === null || httpStatusOf(query.error) === 404) {
    return (
      <Alert color="red" title={t(`people.${noun}.notFound`)}>
        {t(`people.${noun}.notFoundBody`)}{' '}
        <Anchor component={Link} to={`/${noun}s`}>
          {t(`people.${noun}.back`)}
        </Anchor>
      </Alert>
    );
  }
  if (query.isError) return <Alert color="red">{errorMessageOf(query.error)}</Alert>;
  return (
    <Stack gap="sm" aria-busy aria-label={t(`people.${noun}.loading`)}>
      <Skeleton height={14} width={80} />
      <Skeleton height={28} width={280} />
      <Skeleton height={14} width={360} />
    </Stack>
  );
}
