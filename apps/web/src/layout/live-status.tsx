import { Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLiveConnection } from '@/api/live-events';
import { liveErrorMessage } from '@/api/live-error-message';

/**
 * The footer's word on live updates (spec "Subscription connection": idle, connecting, pending): nothing while the
 * stream is open or not needed; while it is reconnecting after an interruption, why (the spec's "Timeout of {ms}ms
 * reached while waiting for a response", or "interrupted") as a polite status, so staff know the open screen may be
 * behind until it reconnects.
 */
export function LiveStatus() {
  const { t } = useTranslation('live');
  const connection = useLiveConnection();
  const message = connection.state === 'pending' ? null : liveErrorMessage(connection.error, t as never);
  return (
    <div role="status" aria-live="polite">
      {message && (
        <Group gap={4} wrap="nowrap">
          <IconPlugConnectedX size={14} aria-hidden color="var(--mantine-color-orange-text)" />
          <Text size="xs" c="var(--mantine-color-orange-text)" lineClamp={1}>
            {message}
          </Text>
        </Group>
      )}
    </div>
  );
}
