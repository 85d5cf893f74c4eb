import type { ReactNode } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';

/**
 * Whether a section's content is loading, and then what its spinner says: a whole sentence from the section's
 * catalogue ("Loading recurring patterns"), since a title cannot be lower-cased into a sentence in every language.
 */
export type SectionLoading = { loading?: undefined; loadingLabel?: undefined } | { loading: boolean; loadingLabel: string };

/**
 * One section of a profile page: a titled card with its actions on the right. `loading` (with `loadingLabel`, the
 * spinner's name) and `error` stand in for the content while its query runs or after it failed; `empty` is what an
 * empty list says, shown above the children (which render nothing for an empty list but keep the section's modals).
 */
export function SectionCard(
  props: {
    title: string;
    actions?: ReactNode;
    error?: unknown;
    empty?: string | false;
    children?: ReactNode;
  } & SectionLoading,
) {
  const { title, actions, loading = false, loadingLabel, error, empty, children } = props;
  const { t } = useTranslation('common');
  const headingId = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  let content: ReactNode = children;
  if (error) {
    content = (
      <Alert color="red" role="alert" variant="light">
        {errorMessageOf(error)}
      </Alert>
    );
  } else if (loading) {
    content = <Loader size="xs" aria-label={loadingLabel ?? t('loading')} />;
  } else if (empty) {
    // The children stay: besides the (empty) list they hold the section's modals.
    content = (
      <>
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
        {children}
      </>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" mih={28}>
          <Title order={4} id={headingId}>
            {title}
          </Title>
          {actions && (
            <Group gap={6} wrap="nowrap">
              {actions}
            </Group>
          )}
        </Group>
        {content}
      </Stack>
    </Paper>
  );
}

/** A label and its value in a details list; an unset value shows a dash. */
export function Detail({ label, children }: { label: string; children?: ReactNode }) {
  const blank = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {blank ? '—' : children}
      </Text>
    </div>
  );
}

/** The record's free-text notes under its details, kept as typed (line breaks); nothing when there are none. */
export function NotesDetail({ notes }: { notes: string | null }) {
  const { t } = useTranslation('common');
  if (!notes) return null;
  return (
    <Detail label={t('fields.notes')}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {notes}
      </Text>
    </Detail>
  );
}
