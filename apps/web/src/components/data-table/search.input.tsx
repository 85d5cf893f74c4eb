import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Search delay after the last key stroke. */
const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  label: string;
  placeholder?: string;
  /** The applied search (from the URL). */
  value: string;
  onCommit: (search: string) => void;
}

/**
 * Free-text search, applied 300 ms after typing stops or when the box loses focus; follows outside changes such as
 * "Clear filters".
 */
export function SearchInput({ label, placeholder, value, onCommit }: SearchInputProps) {
  const { t } = useTranslation('dataTable');
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const [committed, setCommitted] = useState(value);
  const commit = useDebouncedCallback((next: string) => {
    const trimmed = next.trim();
    setCommitted(trimmed);
    if (trimmed !== value) onCommit(trimmed);
  }, SEARCH_DEBOUNCE_MS);

  // The applied search changed elsewhere (a cleared table, a saved view, history navigation): show it.
  if (value !== applied) {
    setApplied(value);
    if (value !== committed) {
      setText(value);
      setCommitted(value);
    }
  }

  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder ?? t('search.placeholder')}
      leftSection={<IconSearch size={14} />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              commit('');
              commit.flush();
            }}
          />
        ) : null
      }
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      // Leaving the box applies the search at once: a pending one firing later would undo a click on a result
      // (its URL change would replace the navigation the click started).
      onBlur={() => commit.flush()}
      w={260}
    />
  );
}
