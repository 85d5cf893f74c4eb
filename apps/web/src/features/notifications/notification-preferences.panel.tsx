import { Alert, Checkbox, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_CHANNELS } from '@hearth/shared/notifications/notifications.schema';
import { errorMessageOf } from '@/api/api-error';
import { useNotificationPreferences } from '@/api/notification-preferences';
import { useCurrentUser } from '@/api/current-user';

/**
 * The user's own choice of channels per kind of notification (issue 21 item 3): in Hearth always, and push, email
 * and text message as they tick them; until they choose, their role's defaults show (caregivers push and text for
 * their visits, the office email for late visits, expiries and file jobs). Each tick saves at once. Texts chosen
 * without a phone number on the account are pointed out.
 */
export function NotificationPreferencesPanel() {
  const { t } = useTranslation('notifications');
  const hasPhone = !!useCurrentUser().data?.phoneNumber;
  const { preferences, toggle } = useNotificationPreferences(t('preferences.saved'));

  if (preferences.isError) {
    return (
      <Alert color="red" title={t('preferences.loadFailed')}>
        {errorMessageOf(preferences.error)}
      </Alert>
    );
  }
  if (!preferences.data) return <Skeleton height={240} radius="md" />;
  if (preferences.data.length === 0) return <Text c="dimmed">{t('preferences.noKinds')}</Text>;

  return (
    <div>
      <Text size="sm" mb="sm">
        {t('preferences.description')}
      </Text>
      {/* sendUserNotification skips texts to a user without a phone number: a ticked box would promise one. */}
      {!hasPhone && preferences.data.some((row) => row.sms) && (
        <Alert color="yellow" mb="sm">
          {t('preferences.noPhone')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={340} type="native">
        <Table verticalSpacing="xs" aria-label={t('preferences.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('preferences.kind')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('preferences.inApp')}</Table.Th>
              {PREFERENCE_CHANNELS.map((channel) => (
                <Table.Th key={channel}>{t(`preferences.${channel}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preferences.data.map((row) => {
              const kindLabel = t(`kinds.${row.kind}.label`);
              return (
                <Table.Tr key={row.kind}>
                  <Table.Td>{kindLabel}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="dimmed">
                      {t('preferences.always')}
                    </Text>
                  </Table.Td>
                  {PREFERENCE_CHANNELS.map((channel) => (
                    <Table.Td key={channel}>
                      <Checkbox
                        checked={row[channel]}
                        onChange={(event) => toggle(row, channel, event.currentTarget.checked)}
                        aria-label={t('preferences.channelFor', { channel: t(`preferences.${channel}`), kind: kindLabel })}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
