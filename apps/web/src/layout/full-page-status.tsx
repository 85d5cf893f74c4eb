import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centred spinner while the session or a page's code loads. */
export function FullPageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** The "An error occurred" screen (spec section 8) with a Try again button. */
export function FullPageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={3}>{t('errorPage.title')}</Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Button onClick={onRetry}>{t('common:actions.tryAgain')}</Button>
      </Stack>
    </Center>
  );
}
