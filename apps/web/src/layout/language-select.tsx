import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './language-select.module.css';
import { saveMyLanguage, useCurrentUser } from '@/api/current-user';

/** Each language's name in itself, so a reader finds their own whatever the app shows now (WCAG 3.1.2: `lang`). */
const LANGUAGE_NAMES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
] as const;

/** The select's value for "no setting: follow the browser" (a select's value cannot be null). */
const BROWSER = 'browser';

/**
 * The signed-in user's own language (issue 27): the browser's, English or Español, saved with setMyLanguage and
 * shown at once (saveMyLanguage). A native select, so the phone apps' first download gains no floating-element
 * code and every phone shows its own accessible picker. On the staff shell's header and the phone apps' header.
 * @param size Mantine size of the select on the staff header
 * @param compact the phone header's form: a language icon and the shown language's code ("ES") the size of an icon
 *   button, with the native select invisible over it, named "Language" in the shown language like the full one; a
 *   390 px wide header cannot hold "Browser language" next to its buttons
 */
export function LanguageSelect({ size = 'xs', compact = false }: { size?: 'xs' | 'sm'; compact?: boolean }) {
  const { t, i18n } = useTranslation('account');
  const user = useCurrentUser().data;
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const change = (value: string) => {
    setSaving(true);
    saveMyLanguage(value === 'en' || value === 'es' ? value : null)
      .catch((error: Error) => notifications.show({ color: 'red', title: t('language.saveFailed'), message: error.message }))
      .finally(() => setSaving(false));
  };

  const options = (
    <>
      <option value={BROWSER}>{t('language.browser')}</option>
      {LANGUAGE_NAMES.map(({ value, label }) => (
        <option key={value} value={value} lang={value}>
          {label}
        </option>
      ))}
    </>
  );

  if (compact) {
    return (
      <span className={classes.compact} data-disabled={saving || undefined}>
        <IconLanguage size={18} aria-hidden />
        <span aria-hidden>{i18n.language.toUpperCase()}</span>
        <select
          className={classes.select}
          aria-label={t('language.label')}
          value={user.language ?? BROWSER}
          disabled={saving}
          onChange={(event) => change(event.currentTarget.value)}
        >
          {options}
        </select>
      </span>
    );
  }

  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      value={user.language ?? BROWSER}
      disabled={saving}
      onChange={(event) => change(event.currentTarget.value)}
    >
      {options}
    </NativeSelect>
  );
}
