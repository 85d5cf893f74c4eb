import { Badge, Button, Group, Pill, Popover, Stack, Text } from '@mantine/core';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import type { ViewColumnMeta, ViewFilter } from '@hearth/shared/views/views.schema';
import { describeFilter } from './data-table.format';
import classes from './data-table.module.css';
import { useFilterDrafts } from './filter-editor.drafts';
import { FilterRow } from './filter-editor.row';
import { useTranslation } from 'react-i18next';

interface FilterEditorProps {
  columns: ViewColumnMeta[];
  filters: ViewFilter[];
  onApply: (filters: ViewFilter[]) => void;
}

/** The "Filters" button and its editor: one row per filter (column, operator, value), applied together. */
export function FilterEditor({ columns, filters, onApply }: FilterEditorProps) {
  const { t } = useTranslation('dataTable');
  const filterable = columns.filter((c) => c.filterable);
  const { byKey, opened, setOpened, drafts, setDrafts, listOpen, setListOpen, open, patch, addDraft, removeDraft, apply } =
    useFilterDrafts(filterable, filters, onApply);

  if (filterable.length === 0) return null;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={640}
      // Focus goes into the editor on opening and back to the button on closing (WCAG 2.4.3, focus order).
      trapFocus
      returnFocus
      shadow="md"
      closeOnEscape={!listOpen}
      onClose={() => setListOpen(false)}
    >
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFilter size={14} />}
          rightSection={
            filters.length > 0 ? (
              <Badge size="xs" circle>
                {filters.length}
              </Badge>
            ) : undefined
          }
          onClick={() => (opened ? setOpened(false) : open())}
          aria-expanded={opened}
        >
          {t('filters.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('filters.button')}
            </Text>
            {drafts.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('filters.none')}
              </Text>
            )}
            {drafts.map((draft, index) => (
              <FilterRow
                key={draft.key}
                index={index}
                draft={draft}
                filterable={filterable}
                byKey={byKey}
                onPatch={(change) => patch(draft.key, change)}
                onRemove={() => removeDraft(draft.key)}
                onDropdownChange={setListOpen}
              />
            ))}
            <Group justify="space-between" mt={4}>
              <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={addDraft}>
                {t('filters.add')}
              </Button>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => setDrafts([])} disabled={drafts.length === 0}>
                  {t('filters.removeAll')}
                </Button>
                <Button type="submit" size="xs">
                  {t('filters.apply')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The applied filters as removable pills, with a button clearing them all. */
export function FilterPills(props: {
  columns: ViewColumnMeta[];
  filters: ViewFilter[];
  onRemove: (index: number) => void;
  onClear: () => void;
}) {
  const { columns, filters, onRemove, onClear } = props;
  const { t } = useTranslation('dataTable');
  if (filters.length === 0) return null;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return (
    <Group gap={6} aria-label={t('filters.active')} role="group">
      {filters.map((filter, index) => {
        const column = byKey.get(filter.column);
        const text = column ? describeFilter(column, filter) : filter.column;
        return (
          <Pill
            key={`${filter.column}-${index}`}
            withRemoveButton
            onRemove={() => onRemove(index)}
            removeButtonProps={{ 'aria-label': t('filters.removeOne', { text }) }}
            size="md"
            className={classes.pill}
          >
            {text}
          </Pill>
        );
      })}
      <Button variant="subtle" size="compact-xs" onClick={onClear}>
        {t('filters.clear')}
      </Button>
    </Group>
  );
}
