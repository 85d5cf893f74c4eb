import { Alert, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FAMILY_KINDS,
  PREFERENCE_CHANNELS,
  type NotificationPreference,
  type PreferenceChannel,
} from '@hearth/shared/notifications/notifications.schema';
import { errorMessageOf } from '@/api/api-error';
import { useNotificationPreferences } from '@/api/notification-preferences';
import { useCurrentUser } from '@/api/current-user';

/** The family kinds, each with its hint in the clientAppAlerts catalogue (kinds.<kind>). */
type FamilyKind =
  | 'family_visit_started'
  | 'family_visit_ended'
  | 'family_visit_missed'
  | 'family_caregiver_changed'
  | 'family_schedule_changed'
  | 'visit_request_decided';

const isFamily = (row: NotificationPreference): row is NotificationPreference & { kind: FamilyKind } =>
  FAMILY_KINDS.includes(row.kind);

/**
 * The caller's channels for each family alert (getMyNotificationPreferences / setMyNotificationPreference, the
 * same choice every user makes for their own kinds; issue "client and family app" item 4): push, text and email per
 * kind, in the app always. Until they choose, the family defaults show (push for each, email too for a missed
 * visit, a new caregiver, a schedule change and a request's answer). Each tick saves at once. The choice is the
 * person's, so it holds for every client whose alerts they receive. Texts and emails need a phone number and an
 * email address on the account: a ticked box without one is pointed out.
 */
export function AlertChannels() {
  const { t } = useTranslation('clientAppAlerts');
  const { t: tn } = useTranslation('notifications');
  const user = useCurrentUser().data;
  const { preferences, toggle } = useNotificationPreferences(t('channels.saved'));

  if (preferences.isError) {
    return (
      <Alert color="red" title={t('channels.failed')}>
        {errorMessageOf(preferences.error)}
      </Alert>
    );
  }
  if (!preferences.data) return <Skeleton height={320} radius="md" />;
  const rows = preferences.data.filter(isFamily);
  const channelLabel = (channel: PreferenceChannel) => t(`channels.${channel}`);

  return (
    <Stack gap="sm">
      <Text size="sm">{t('channels.intro')}</Text>
      {!user?.phoneNumber && rows.some((row) => row.sms) && <Alert color="yellow">{t('channels.noPhone')}</Alert>}
      <Stack gap="xs" component="ul" aria-label={t('channels.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => {
          const kind = tn(`kinds.${row.kind}.label`);
          return (
            <li key={row.kind}>
              <Paper withBorder radius="md" p="sm" data-testid={`channels-${row.kind}`}>
                <Text fw={600}>{kind}</Text>
                <Text size="sm" c="dimmed" mb={8}>
                  {t(`kinds.${row.kind}`)}
                </Text>
                <Group gap="lg">
                  {PREFERENCE_CHANNELS.map((channel) => (
                    <Checkbox
                      key={channel}
                      label={channelLabel(channel)}
                      checked={row[channel]}
                      onChange={(event) => toggle(row, channel, event.currentTarget.checked)}
                      aria-label={t('channels.channelFor', { channel: channelLabel(channel), kind })}
                    />
                  ))}
                </Group>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
