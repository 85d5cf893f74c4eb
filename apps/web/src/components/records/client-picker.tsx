import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';

/** A picked client and its label, kept so the label still shows while another search lists other clients. */
export interface PickedClient {
  value: string;
  label: string;
}

/**
 * A required client of the caller's branches, found by name (queryOptionsView 'clients', on the first word typed, 250
 * ms after the last keystroke). `label` names the field and `placeholder` asks for a name, in the shown language.
 */
export function ClientPicker(props: {
  value: PickedClient | null;
  onChange: (value: PickedClient | null) => void;
  label: string;
  placeholder: string;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().split(/[\s,]+/)[0] ?? '', 250);
  const typing = debounced !== '' && search !== props.value?.label;
  const options = useQuery({
    ...trpc.queryOptionsView.queryOptions(typing ? { view: 'clients', value: debounced } : skipToken),
    placeholderData: keepPreviousData,
  });
  const data = [...(options.data ?? [])];
  if (props.value && !data.some((o) => o.value === props.value?.value)) data.unshift(props.value);
  return (
    <Select
      label={props.label}
      required
      searchable
      clearable
      data={data}
      value={props.value?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; filtering again would hide "Lee, Ann" for "ann lee".
      filter={({ options: all }) => all}
      nothingFoundMessage={props.placeholder}
      placeholder={props.placeholder}
      onChange={(value) => props.onChange(data.find((o) => o.value === value) ?? null)}
    />
  );
}
