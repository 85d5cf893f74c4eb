import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches between the light and dark colour schemes (remembered by Mantine in localStorage). The scheme is read
 * while rendering (no server rendering to match), so the first frame has the right icon without a second render.
 * @param withTooltip the hover label; the phone apps leave it out (no hover on a touch screen, and each tooltip
 *   costs the first screen a floating-element setup and a render more)
 */
export function ColorSchemeToggle({ withTooltip = true }: { withTooltip?: boolean }) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const button = (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Toggle color scheme" onClick={() => setColorScheme(next)}>
      {computed === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
    </ActionIcon>
  );
  return withTooltip ? <Tooltip label={`Switch to ${next} mode`}>{button}</Tooltip> : button;
}
