import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Pill,
  Popover,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconPlus, IconX } from '@tabler/icons-react';
import {
  OPERATORS_BY_TYPE,
  type ColumnType,
  type FilterOperator,
  type ViewColumnMeta,
  type ViewFilter,
} from '@hearth/shared/views/views.schema';
import { centsOf, describeFilter, localDateOf, operatorLabel } from './data-table.format';
import classes from './data-table.module.css';
import { normalizeFilter } from './data-table.state';

/** A calendar date as a date input and a datetime filter hold it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter being edited: the value may be incomplete until it is applied. */
interface DraftFilter {
  key: number;
  column: string;
  operator: FilterOperator;
  value: unknown;
  error?: string;
}

/** The operator a new filter on a column starts with. */
const DEFAULT_OPERATOR: Record<ColumnType, FilterOperator> = {
  text: 'contains',
  number: 'between',
  money: 'between',
  date: 'between',
  datetime: 'between',
  enum: 'in',
  boolean: 'equals',
};

let nextDraftKey = 1;

function draftOf(filter: ViewFilter): DraftFilter {
  return { key: nextDraftKey++, column: filter.column, operator: filter.operator, value: filter.value };
}

function newDraft(column: ViewColumnMeta): DraftFilter {
  return { key: nextDraftKey++, column: column.key, operator: DEFAULT_OPERATOR[column.type], value: undefined };
}

/** The value of a pair input ([from, to]) at one end. */
function pairAt(value: unknown, index: 0 | 1): unknown {
  return Array.isArray(value) ? value[index] : undefined;
}

function withPair(value: unknown, index: 0 | 1, end: unknown): unknown[] {
  const pair = Array.isArray(value) && value.length === 2 ? [...(value as unknown[])] : [null, null];
  pair[index] = end;
  return pair;
}

/** Props of one end of a value input; `end` marks the end of a range (the last moment of a day). */
interface ScalarInputProps {
  column: ViewColumnMeta;
  label: string;
  placeholder?: string;
  value: unknown;
  end: boolean;
  onChange: (value: unknown) => void;
}

/** A number input for a number or money (dollars on screen, cents in the filter). */
function AmountInput(props: ScalarInputProps) {
  const { column, label, placeholder = 'Value', value, onChange } = props;
  const money = column.type === 'money';
  const shown = typeof value === 'number' ? (money ? value / 100 : value) : '';
  return (
    <NumberInput
      aria-label={label}
      placeholder={placeholder}
      prefix={money ? '$' : undefined}
      decimalScale={money ? 2 : undefined}
      thousandSeparator=","
      value={shown}
      onChange={(next) => {
        const number = typeof next === 'number' ? next : next === '' ? null : Number(next);
        if (number === null || !Number.isFinite(number)) onChange(null);
        else onChange(money ? centsOf(number) : number);
      }}
      flex={1}
      miw={0}
    />
  );
}

/**
 * A plain date input holding a calendar date (YYYY-MM-DD). On a datetime column the server reads it as that whole
 * day on each row's own wall clock (its branch's zone); an instant saved before (an ISO timestamp) shows as its
 * day in the browser.
 */
function DayInput(props: ScalarInputProps) {
  const { label, value, onChange } = props;
  const shown = typeof value === 'string' ? (DAY.test(value) ? value : localDateOf(value)) : '';
  return (
    <TextInput
      type="date"
      aria-label={label}
      value={shown}
      onChange={(event) => {
        const day = event.currentTarget.value;
        onChange(day || null);
      }}
      flex={1}
      miw={0}
    />
  );
}

/** The value part of one filter row, shaped by the column type and the operator. */
function FilterValueInput(props: {
  column: ViewColumnMeta;
  filter: DraftFilter;
  onChange: (value: unknown) => void;
  /** A list of options opened or closed (Escape then closes the list, not the editor). */
  onDropdownChange: (open: boolean) => void;
}) {
  const { column, filter, onChange, onDropdownChange } = props;
  const label = `${column.label} value`;
  const { operator, value } = filter;
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return <Text flex={1} />;

  if (operator === 'between') {
    const Input = column.type === 'date' || column.type === 'datetime' ? DayInput : AmountInput;
    return (
      <Group gap={6} flex={1} wrap="nowrap" miw={0}>
        <Input
          column={column}
          label={`${column.label} from`}
          placeholder="From"
          end={false}
          value={pairAt(value, 0)}
          onChange={(v) => onChange(withPair(value, 0, v))}
        />
        <Text size="xs" c="dimmed">
          and
        </Text>
        <Input
          column={column}
          label={`${column.label} to`}
          placeholder="To"
          end
          value={pairAt(value, 1)}
          onChange={(v) => onChange(withPair(value, 1, v))}
        />
      </Group>
    );
  }

  switch (column.type) {
    case 'enum': {
      const data = column.options ?? [];
      if (operator === 'in') {
        return (
          <MultiSelect
            aria-label={label}
            placeholder="Choose…"
            data={data}
            value={Array.isArray(value) ? value.map(String) : []}
            onChange={onChange}
            searchable
            comboboxProps={{ withinPortal: false }}
            onDropdownOpen={() => onDropdownChange(true)}
            onDropdownClose={() => onDropdownChange(false)}
            flex={1}
            miw={0}
          />
        );
      }
      return (
        <NativeSelect
          aria-label={label}
          data={[{ value: '', label: 'Choose…' }, ...data]}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
          size="xs"
          flex={1}
        />
      );
    }
    case 'boolean':
      return (
        <NativeSelect
          aria-label={label}
          data={[
            { value: '', label: 'Choose…' },
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(event) => {
            const raw = event.currentTarget.value;
            onChange(raw === '' ? null : raw === 'true');
          }}
          size="xs"
          flex={1}
        />
      );
    case 'date':
    case 'datetime':
      return <DayInput column={column} label={label} value={value} end={operator === 'after'} onChange={onChange} />;
    case 'number':
    case 'money':
      if (operator === 'in') {
        return (
          <TagsInput
            aria-label={label}
            placeholder="Type a number, then Enter"
            value={Array.isArray(value) ? value.map(String) : []}
            onChange={(tags) => onChange(tags.map(Number).filter(Number.isFinite))}
            flex={1}
            miw={0}
          />
        );
      }
      return <AmountInput column={column} label={label} value={value} end={false} onChange={onChange} />;
    case 'text':
      if (operator === 'in') {
        return (
          <TagsInput
            aria-label={label}
            placeholder="Type a value, then Enter"
            value={Array.isArray(value) ? value.map(String) : []}
            onChange={onChange}
            flex={1}
            miw={0}
          />
        );
      }
      return (
        <TextInput
          aria-label={label}
          placeholder="Text"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          flex={1}
          miw={0}
        />
      );
  }
}

interface FilterEditorProps {
  columns: ViewColumnMeta[];
  filters: ViewFilter[];
  onApply: (filters: ViewFilter[]) => void;
}

/** The "Filters" button and its editor: one row per filter (column, operator, value), applied together. */
export function FilterEditor({ columns, filters, onApply }: FilterEditorProps) {
  const filterable = columns.filter((c) => c.filterable);
  const byKey = new Map(filterable.map((c) => [c.key, c]));
  const [opened, setOpened] = useState(false);
  const [drafts, setDrafts] = useState<DraftFilter[]>([]);
  const [listOpen, setListOpen] = useState(false);

  const open = () => {
    const current = filters.map(draftOf);
    const first = filterable[0];
    setDrafts(current.length > 0 || !first ? current : [newDraft(first)]);
    setOpened(true);
  };

  const patch = (key: number, change: Partial<DraftFilter>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...change, error: undefined } : d)));

  const addDraft = () => {
    const used = new Set(drafts.map((d) => d.column));
    const column = filterable.find((c) => !used.has(c.key)) ?? filterable[0];
    if (column) setDrafts((list) => [...list, newDraft(column)]);
  };

  const apply = () => {
    const checked = drafts.map((d) => ({ draft: d, filter: normalizeFilter(d, byKey.get(d.column)) }));
    if (checked.some((c) => c.filter === null)) {
      setDrafts(checked.map((c) => (c.filter ? c.draft : { ...c.draft, error: 'Complete this filter or remove it' })));
      return;
    }
    onApply(checked.map((c) => c.filter!));
    setOpened(false);
  };

  if (filterable.length === 0) return null;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={640}
      trapFocus
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
          Filters
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
              Filters
            </Text>
            {drafts.length === 0 && (
              <Text size="sm" c="dimmed">
                No filters. Add one to narrow the rows.
              </Text>
            )}
            {drafts.map((draft, index) => {
              const column = byKey.get(draft.column);
              return (
                <Stack key={draft.key} gap={2}>
                  <Group gap={6} wrap="nowrap" align="center">
                    <NativeSelect
                      aria-label={`Filter ${index + 1} column`}
                      data={filterable.map((c) => ({ value: c.key, label: c.label }))}
                      value={draft.column}
                      onChange={(event) => {
                        const next = byKey.get(event.currentTarget.value);
                        if (next) patch(draft.key, { column: next.key, operator: DEFAULT_OPERATOR[next.type], value: undefined });
                      }}
                      size="xs"
                      w={150}
                    />
                    {column && (
                      <NativeSelect
                        aria-label={`Filter ${index + 1} operator`}
                        data={OPERATORS_BY_TYPE[column.type].map((op) => ({ value: op, label: operatorLabel(column.type, op) }))}
                        value={draft.operator}
                        onChange={(event) =>
                          patch(draft.key, { operator: event.currentTarget.value as FilterOperator, value: undefined })
                        }
                        size="xs"
                        w={120}
                      />
                    )}
                    {column && (
                      <FilterValueInput
                        column={column}
                        filter={draft}
                        onChange={(value) => patch(draft.key, { value })}
                        onDropdownChange={setListOpen}
                      />
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove filter ${index + 1}`}
                      onClick={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
                    >
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
            })}
            <Group justify="space-between" mt={4}>
              <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={addDraft}>
                Add filter
              </Button>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => setDrafts([])} disabled={drafts.length === 0}>
                  Remove all
                </Button>
                <Button type="submit" size="xs">
                  Apply
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
  if (filters.length === 0) return null;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return (
    <Group gap={6} aria-label="Active filters" role="group">
      {filters.map((filter, index) => {
        const column = byKey.get(filter.column);
        const text = column ? describeFilter(column, filter) : filter.column;
        return (
          <Pill
            key={`${filter.column}-${index}`}
            withRemoveButton
            onRemove={() => onRemove(index)}
            removeButtonProps={{ 'aria-label': `Remove filter: ${text}` }}
            size="md"
            className={classes.pill}
          >
            {text}
          </Pill>
        );
      })}
      <Button variant="subtle" size="compact-xs" onClick={onClear}>
        Clear filters
      </Button>
    </Group>
  );
}
