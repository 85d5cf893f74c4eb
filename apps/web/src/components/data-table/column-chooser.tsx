import { ActionIcon, Button, Checkbox, Divider, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconColumns } from '@tabler/icons-react';
import type { ViewColumnMeta } from '@hearth/shared/views/views.schema';
import { moveKey } from './data-table.state';
import { useTranslation } from 'react-i18next';

interface ColumnChooserProps {
  columns: ViewColumnMeta[];
  /** The visible column keys, in order. */
  visible: string[];
  onChange: (visible: string[]) => void;
  onReset: () => void;
}

/** Shows, hides and reorders the columns; the shown ones come first, in table order, the hidden ones after them. */
export function ColumnChooser({ columns, visible, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation('dataTable');
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const shown = visible.map((key) => byKey.get(key)).filter((c): c is ViewColumnMeta => c !== undefined);
  const hidden = columns.filter((c) => !visible.includes(c.key));

  return (
    // Focus goes into the list on opening and back to the button on closing (WCAG 2.4.3, focus order).
    <Popover position="bottom-end" width={300} trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={14} />}>
          {t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('columns.button')}
            </Text>
            <Button variant="subtle" size="compact-xs" onClick={onReset}>
              {t('columns.reset')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
            <Stack gap={4} role="list" aria-label={t('columns.shown')}>
              {shown.map((column, index) => (
                <Group key={column.key} justify="space-between" wrap="nowrap" gap={4} role="listitem">
                  <Checkbox
                    size="xs"
                    label={column.label}
                    checked
                    disabled={shown.length === 1}
                    onChange={() => onChange(visible.filter((key) => key !== column.key))}
                  />
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('columns.moveUp', { label: column.label })}
                      disabled={index === 0}
                      onClick={() => onChange(moveKey(visible, column.key, -1))}
                    >
                      <IconChevronUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('columns.moveDown', { label: column.label })}
                      disabled={index === shown.length - 1}
                      onClick={() => onChange(moveKey(visible, column.key, 1))}
                    >
                      <IconChevronDown size={14} />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
            {hidden.length > 0 && <Divider my={6} label={t('columns.hidden')} labelPosition="left" />}
            <Stack gap={4} role="list" aria-label={t('columns.hiddenList')}>
              {hidden.map((column) => (
                <Group key={column.key} role="listitem">
                  <Checkbox size="xs" label={column.label} checked={false} onChange={() => onChange([...visible, column.key])} />
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
