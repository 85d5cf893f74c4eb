import { ActionIcon, NumberInput, Select, Table, TagsInput, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { ROUNDING_RULE_LABELS, ROUNDING_RULES } from '@hearth/shared/payer-sources/payer-sources.constants';
import type { RecordForm } from '@/forms/use-record-form';

const ROUNDING_OPTIONS = ROUNDING_RULES.map((value) => ({ value, label: ROUNDING_RULE_LABELS[value] }));

/**
 * Row `index` (0-based) of the services table: code, modifiers, description, bill rate in dollars per unit, unit
 * length in minutes and rounding rule, each bound through `inputProps` to `services.<index>` of the payer source
 * form, and a button calling `onRemove`.
 */
export function ServiceRow(props: { index: number; inputProps: RecordForm<object>['inputProps']; onRemove: () => void }) {
  const { index: i, inputProps, onRemove } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput aria-label={`Service ${i + 1} code`} placeholder="T1019" {...inputProps(`services.${i}.serviceCode`)} />
      </Table.Td>
      <Table.Td>
        <TagsInput
          aria-label={`Service ${i + 1} modifiers`}
          size="xs"
          placeholder="U1"
          maxTags={4}
          splitChars={[',', ' ']}
          {...inputProps(`services.${i}.modifiers`)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={`Service ${i + 1} description`} {...inputProps(`services.${i}.description`)} />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Service ${i + 1} bill rate in dollars`}
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          min={0}
          hideControls
          {...inputProps(`services.${i}.billRate`)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Service ${i + 1} unit minutes`}
          min={1}
          max={1440}
          allowDecimal={false}
          {...inputProps(`services.${i}.unitMinutes`)}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Service ${i + 1} rounding rule`}
          data={ROUNDING_OPTIONS}
          allowDeselect={false}
          {...inputProps(`services.${i}.roundingRule`)}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" mt={2} aria-label={`Remove service ${i + 1}`} onClick={onRemove}>
          <IconX size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
