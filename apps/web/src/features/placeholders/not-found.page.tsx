import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Unknown paths (spec section 2): Page Not Found with a Go to home link. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={2}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}
