import { Tooltip, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorSchemeButton } from './color-scheme.button';

/**
 * The colour scheme button with its hover label, for the staff screens. The phone apps use ColorSchemeButton alone:
 * a tooltip brings the floating-element code (about 18 KB gzipped) into their first download and a render more into
 * their first screen.
 */
export function ColorSchemeToggle() {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { t } = useTranslation('shell');
  return (
    <Tooltip label={computed === 'dark' ? t('header.toLight') : t('header.toDark')}>
      <ColorSchemeButton />
    </Tooltip>
  );
}
