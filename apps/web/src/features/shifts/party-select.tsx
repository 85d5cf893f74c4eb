import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';

/** A Select option. */
export interface PartyOption {
  value: string;
  label: string;
}

/**
 * The text the view search gets: its first word, since a view searches each column for the whole text and
 * options read "Last, First" (typing "Lee, Ann" still finds Lee).
 */
function searchWord(text: string): string {
  return text.trim().split(/[\s,]+/)[0] ?? '';
}

/**
 * A client or caregiver picked by typing a name: options come from the view engine (queryOptionsView
 * {view, value}: up to 20 {value, label} in the caller's branches, label "Last, First"), asked 250 ms after the
 * last keystroke and only with text typed (spec section 7). The current pick stays listed so its label shows.
 */
export function PartySelect(props: {
  view: 'clients' | 'caregivers';
  label: string;
  value: string | null;
  /** The label of the current value (from the record), shown before anything is searched. */
  current: PartyOption | null;
  onChange: (option: PartyOption | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  description?: string;
}) {
  const { view, label, value, current, onChange, error, required, disabled, placeholder, description } = props;
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const [search, setSearch] = useState(current?.label ?? '');
  const [picked, setPicked] = useState<PartyOption | null>(current);
  const [debounced] = useDebouncedValue(search, 250);
  const word = searchWord(debounced);
  const typing = word !== '' && debounced !== picked?.label;
  const options = useQuery({
    ...trpc.queryOptionsView.queryOptions(typing ? { view, value: word } : skipToken),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data: PartyOption[] = [...(options.data ?? [])];
  if (picked && !data.some((o) => o.value === picked.value)) data.unshift(picked);
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder ?? t('party.searchPlaceholder')}
      required={required}
      disabled={disabled}
      searchable
      clearable={!required}
      data={data}
      value={value}
      error={error}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; filtering again here would hide "Lee, Ann" when typing "ann lee".
      filter={({ options: all }) => all}
      nothingFoundMessage={typing && !options.isFetching ? t('party.noMatch') : t('party.searchPlaceholder')}
      rightSection={options.isFetching ? <Loader size={12} /> : undefined}
      onChange={(next) => {
        const option = data.find((o) => o.value === next) ?? null;
        setPicked(option);
        onChange(option);
      }}
    />
  );
}
