import { Group, MultiSelect, NativeSelect, NumberInput, TagsInput, Text, TextInput } from '@mantine/core';
import type { FilterOperator, ViewColumnMeta } from '@hearth/shared/views/views.schema';
import { centsOf, localDateOf } from './data-table.format';
import { useTranslation } from 'react-i18next';

/** A calendar date as a date input and a datetime filter hold it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

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
  const { t } = useTranslation('dataTable');
  const { column, label, placeholder = t('filters.value'), value, onChange } = props;
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

/** What each typed value input receives: the column, the draft's operator and value, and where a change goes. */
interface ValueInputProps {
  column: ViewColumnMeta;
  operator: FilterOperator;
  value: unknown;
  onChange: (value: unknown) => void;
  /** A list of options opened or closed (Escape then closes the list, not the editor). */
  onDropdownChange: (open: boolean) => void;
}

/** "between": two days (date, datetime) or two amounts, as a [from, to] pair. */
function RangeInput({ column, value, onChange }: ValueInputProps) {
  const { t } = useTranslation('dataTable');
  const Input = column.type === 'date' || column.type === 'datetime' ? DayInput : AmountInput;
  return (
    <Group gap={6} flex={1} wrap="nowrap" miw={0}>
      <Input
        column={column}
        label={t('filters.rangeFrom', { label: column.label })}
        placeholder={t('filters.from')}
        end={false}
        value={pairAt(value, 0)}
        onChange={(v) => onChange(withPair(value, 0, v))}
      />
      <Text size="xs" c="dimmed">
        {t('filters.and')}
      </Text>
      <Input
        column={column}
        label={t('filters.rangeTo', { label: column.label })}
        placeholder={t('filters.to')}
        end
        value={pairAt(value, 1)}
        onChange={(v) => onChange(withPair(value, 1, v))}
      />
    </Group>
  );
}

/** An enum: several options ("in", a searchable list) or one. */
function EnumInput({ column, operator, value, onChange, onDropdownChange }: ValueInputProps) {
  const { t } = useTranslation('dataTable');
  const label = t('filters.valueOf', { label: column.label });
  const data = column.options ?? [];
  if (operator === 'in') {
    return (
      <MultiSelect
        aria-label={label}
        placeholder={t('filters.choose')}
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
      data={[{ value: '', label: t('filters.choose') }, ...data]}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      size="xs"
      flex={1}
    />
  );
}

/** A yes/no value. */
function BooleanInput({ column, value, onChange }: ValueInputProps) {
  const { t } = useTranslation('dataTable');
  return (
    <NativeSelect
      aria-label={t('filters.valueOf', { label: column.label })}
      data={[
        { value: '', label: t('filters.choose') },
        { value: 'true', label: t('filters.yes') },
        { value: 'false', label: t('filters.no') },
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
}

/** A list of values typed one by one ("in"), each ended with Enter. */
function ListInput(props: { label: string; placeholder: string; value: unknown; onChange: (tags: string[]) => void }) {
  const { label, placeholder, value, onChange } = props;
  return (
    <TagsInput
      aria-label={label}
      placeholder={placeholder}
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={onChange}
      flex={1}
      miw={0}
    />
  );
}

/** A number or money: a list of numbers ("in") or one amount. */
function NumberValueInput({ column, operator, value, onChange }: ValueInputProps) {
  const { t } = useTranslation('dataTable');
  const label = t('filters.valueOf', { label: column.label });
  if (operator === 'in') {
    return (
      <ListInput
        label={label}
        placeholder={t('filters.typeNumber')}
        value={value}
        onChange={(tags) => onChange(tags.map(Number).filter(Number.isFinite))}
      />
    );
  }
  return <AmountInput column={column} label={label} value={value} end={false} onChange={onChange} />;
}

/** A text: a list of values ("in") or one text. */
function TextValueInput({ column, operator, value, onChange }: ValueInputProps) {
  const { t } = useTranslation('dataTable');
  const label = t('filters.valueOf', { label: column.label });
  if (operator === 'in') {
    return <ListInput label={label} placeholder={t('filters.typeValue')} value={value} onChange={onChange} />;
  }
  return (
    <TextInput
      aria-label={label}
      placeholder={t('filters.text')}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      flex={1}
      miw={0}
    />
  );
}

/**
 * The value part of one filter row, shaped by the column type and the operator: nothing for isEmpty/isNotEmpty,
 * a from/to pair for "between", else one input per column type.
 * @param value the draft's value (possibly incomplete); `onChange` receives the new one in the filter's units
 * (cents for money, YYYY-MM-DD for days)
 */
export function FilterValueInput(props: ValueInputProps) {
  const { column, operator } = props;
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return <Text flex={1} />;
  if (operator === 'between') return <RangeInput {...props} />;
  switch (column.type) {
    case 'enum':
      return <EnumInput {...props} />;
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'date':
    case 'datetime':
      return (
        <DayInput
          column={column}
          label={`${column.label} value`}
          value={props.value}
          end={operator === 'after'}
          onChange={props.onChange}
        />
      );
    case 'number':
    case 'money':
      return <NumberValueInput {...props} />;
    case 'text':
      return <TextValueInput {...props} />;
  }
}
