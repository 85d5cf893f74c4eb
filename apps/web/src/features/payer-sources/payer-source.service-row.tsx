import { ActionIcon, NumberInput, Select, Table, TagsInput, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROUNDING_RULES } from '@hearth/shared/payer-sources/payer-sources.constants';
import type { RecordForm } from '@/forms/use-record-form';

/** Examples of an HCPCS code and a modifier, the same in every language. */
const CODE_EXAMPLE = 'T1019';
const MODIFIER_EXAMPLE = 'U1';

/**
 * Row `index` (0-based) of the services table: code, modifiers, description, bill rate in dollars per unit, unit
 * length in minutes and rounding rule, each bound through `inputProps` to `services.<index>` of the payer source
 * form, and a button calling `onRemove`.
 */
export function ServiceRow(props: { index: number; inputProps: RecordForm<object>['inputProps']; onRemove: () => void }) {
  const { index: i, inputProps, onRemove } = props;
  const { t } = useTranslation('finance');
  const n = i + 1;
  const roundingOptions = ROUNDING_RULES.map((value) => ({ value, label: t(`payers.roundingRules.${value}`) }));
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          aria-label={t('payers.rowCode', { n })}
          placeholder={CODE_EXAMPLE}
          {...inputProps(`services.${i}.serviceCode`)}
        />
      </Table.Td>
      <Table.Td>
        <TagsInput
          aria-label={t('payers.rowModifiers', { n })}
          size="xs"
          placeholder={MODIFIER_EXAMPLE}
          maxTags={4}
          splitChars={[',', ' ']}
          {...inputProps(`services.${i}.modifiers`)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={t('payers.rowDescription', { n })} {...inputProps(`services.${i}.description`)} />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t('payers.rowBillRate', { n })}
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
          aria-label={t('payers.rowUnit', { n })}
          min={1}
          max={1440}
          allowDecimal={false}
          {...inputProps(`services.${i}.unitMinutes`)}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={t('payers.rowRounding', { n })}
          data={roundingOptions}
          allowDeselect={false}
          {...inputProps(`services.${i}.roundingRule`)}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" mt={2} aria-label={t('payers.rowRemove', { n })} onClick={onRemove}>
          <IconX size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
