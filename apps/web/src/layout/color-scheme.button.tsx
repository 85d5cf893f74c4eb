import type { ComponentPropsWithRef } from 'react';
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Switches between the light and dark colour schemes (remembered by Mantine in localStorage): the icon button alone,
 * as the phone apps show it (no hover on a touch screen). The scheme is read while rendering (no server rendering to
 * match), so the first frame has the right icon without a second render.
 * @param props passed to the button, with its ref (a Tooltip around it attaches its handlers there); an `aria-label`
 *   given here replaces the English name (the phone apps pass it in the user's language)
 */
export function ColorSchemeButton(props: ComponentPropsWithRef<'button'>) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { t } = useTranslation('shell');
  return (
    <ActionIcon
      aria-label={t('header.toggleScheme')}
      {...props}
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      {computed === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
    </ActionIcon>
  );
}
