import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CATALOGUES } from '@hearth/shared/i18n/languages';

/** A screen of the menu not built yet, by its name's key in the shell catalogue (comingSoon.screens). */
export type ComingSoonScreen = keyof (typeof CATALOGUES)['en']['shell']['comingSoon']['screens'];

/**
 * An honest stand-in for a screen that is not built yet: it names the screen and says so, and shows no fake data.
 * @param screen the screen's name, already in the shown language
 * @param detail a sentence about the screen, in the shown language (else "This screen is not built yet.")
 */
export function ComingSoonPage({ screen, detail }: { screen: string; detail?: string }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>{screen}</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs" align="flex-start">
          <IconTools size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>{t('comingSoon.line', { screen })}</Text>
          <Text c="dimmed" size="sm">
            {detail ?? t('comingSoon.notBuilt')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The coming-soon page of a menu screen named by its key (the router's placeholders: Cases, Care Forms, ...).
 * @param screen the key of the screen's name in the shell catalogue
 */
export function ComingSoonScreenPage({ screen, detail }: { screen: ComingSoonScreen; detail?: string }) {
  const { t } = useTranslation('shell');
  return <ComingSoonPage screen={t(`comingSoon.screens.${screen}`)} detail={detail} />;
}
