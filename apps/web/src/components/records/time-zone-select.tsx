import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions } from '@hearth/shared/app/time-zones';

/**
 * The "Time zone" picker of an edit form: searchable, always holding one IANA zone (no deselecting), listing the
 * shared zone options plus `value` when it is not among them. Takes the field's input props.
 */
export function TimeZoneSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation('common');
  return <Select label={t('fields.timeZone')} data={timeZoneOptions(props.value)} allowDeselect={false} searchable {...props} />;
}
