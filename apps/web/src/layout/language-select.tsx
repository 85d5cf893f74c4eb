import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
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
 * @param size Mantine size of the select (the phone header passes its compact one)
 */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('account');
  const user = useCurrentUser().data;
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const change = (value: string) => {
    setSaving(true);
    saveMyLanguage(value === 'en' || value === 'es' ? value : null)
      .catch((error: Error) => notifications.show({ color: 'red', title: t('language.saveFailed'), message: error.message }))
      .finally(() => setSaving(false));
  };

  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      value={user.language ?? BROWSER}
      disabled={saving}
      onChange={(event) => change(event.currentTarget.value)}
    >
      <option value={BROWSER}>{t('language.browser')}</option>
      {LANGUAGE_NAMES.map(({ value, label }) => (
        <option key={value} value={value} lang={value}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}
