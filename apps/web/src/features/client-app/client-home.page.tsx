import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';

/** /client-mobile-app: the client and trusted-contact home; its content is not specified yet, and it says so. */
export function ClientHomePage() {
  const { t } = useTranslation('clientApp');
  const user = useCurrentUser().data;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={3}>{user ? t('home.welcomeName', { name: user.firstName }) : t('home.welcome')}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>{t('home.comingSoon')}</Text>
        <Text size="sm" c="dimmed">
          {t('home.comingSoonHint')}
        </Text>
      </Paper>
    </Stack>
  );
}
