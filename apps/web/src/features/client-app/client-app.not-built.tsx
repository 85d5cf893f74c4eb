import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An honest stand-in for a client-app page that is not built yet: it says so and shows no made-up data. */
export function ClientAppNotBuilt() {
  const { t } = useTranslation('clientApp');
  return (
    <Paper withBorder p="lg" radius="md">
      <Text fw={500}>{t('notBuilt.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('notBuilt.hint')}
      </Text>
    </Paper>
  );
}
