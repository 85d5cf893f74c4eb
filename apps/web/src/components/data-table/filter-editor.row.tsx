import { ActionIcon, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { OPERATORS_BY_TYPE, type FilterOperator, type ViewColumnMeta } from '@hearth/shared/views/views.schema';
import { operatorLabel } from './data-table.format';
import { DEFAULT_OPERATOR, type DraftFilter } from './filter-editor.drafts';
import { FilterValueInput } from './filter-editor.inputs';
import { useTranslation } from 'react-i18next';

/**
 * One row of the filter editor: the column, the operator (the column type's) and the value of draft number
 * `index` (0-based), a remove button, and the draft's error below. A new column or operator empties the value.
 * @param filterable the columns a filter may use, by key in `byKey`
 * @param onPatch called with a change of the draft; `onRemove` drops it
 */
export function FilterRow(props: {
  index: number;
  draft: DraftFilter;
  filterable: ViewColumnMeta[];
  byKey: Map<string, ViewColumnMeta>;
  onPatch: (change: Partial<DraftFilter>) => void;
  onRemove: () => void;
  onDropdownChange: (open: boolean) => void;
}) {
  const { index, draft, filterable, byKey, onPatch, onRemove, onDropdownChange } = props;
  const column = byKey.get(draft.column);
  const { t } = useTranslation('dataTable');
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="center">
        <NativeSelect
          aria-label={t('filters.column', { number: index + 1 })}
          data={filterable.map((c) => ({ value: c.key, label: c.label }))}
          value={draft.column}
          onChange={(event) => {
            const next = byKey.get(event.currentTarget.value);
            if (next) onPatch({ column: next.key, operator: DEFAULT_OPERATOR[next.type], value: undefined });
          }}
          size="xs"
          w={150}
        />
        {column && (
          <NativeSelect
            aria-label={t('filters.operator', { number: index + 1 })}
            data={OPERATORS_BY_TYPE[column.type].map((op) => ({ value: op, label: operatorLabel(column.type, op) }))}
            value={draft.operator}
            onChange={(event) => onPatch({ operator: event.currentTarget.value as FilterOperator, value: undefined })}
            size="xs"
            w={120}
          />
        )}
        {column && (
          <FilterValueInput
            column={column}
            operator={draft.operator}
            value={draft.value}
            onChange={(value) => onPatch({ value })}
            onDropdownChange={onDropdownChange}
          />
        )}
        <ActionIcon variant="subtle" color="gray" aria-label={t('filters.remove', { number: index + 1 })} onClick={onRemove}>
          <IconX size={14} />
        </ActionIcon>
      </Group>
      {draft.error && (
        <Text size="xs" c="red" role="alert">
          {draft.error}
        </Text>
      )}
    </Stack>
  );
}
