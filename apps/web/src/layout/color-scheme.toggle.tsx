import { Tooltip, useComputedColorScheme } from '@mantine/core';
import { ColorSchemeButton } from './color-scheme.button';

/**
 * The colour scheme button with its hover label, for the staff screens. The phone apps use ColorSchemeButton alone:
 * a tooltip brings the floating-element code (about 18 KB gzipped) into their first download and a render more into
 * their first screen.
 */
export function ColorSchemeToggle() {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <Tooltip label={`Switch to ${computed === 'dark' ? 'light' : 'dark'} mode`}>
      <ColorSchemeButton />
    </Tooltip>
  );
}
