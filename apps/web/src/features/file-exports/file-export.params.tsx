import { SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { Option } from '@/components/records/options';
import type { RecordForm } from '@/forms/use-record-form';
import type { ExportFormValues, paramsOf } from './file-export.values';

/**
 * The inputs an export type asks for (`asked`, from paramsOf): the period's first and last day, the branch (from
 * `branches`), the payer source (from `payers`) and CSV or XLSX, each with the type's label and required only when
 * the type requires it (an optional one can be cleared). Parameters not asked are not shown.
 */
export function ExportParamFields(props: {
  record: RecordForm<ExportFormValues>;
  asked: ReturnType<typeof paramsOf>;
  branches: Option[];
  payers: Option[];
}) {
  const { record, asked, branches, payers } = props;
  const { form } = record;
  const { t } = useTranslation('files');
  // The parameters' labels are fixed per key (FILE_EXPORT_PARAM_SPECS), so the catalogue names them in every language.
  const label = (key: 'from' | 'to' | 'branchId' | 'payerSourceId' | 'format') => t(`params.${key}`);
  const required = (key: 'from' | 'to' | 'branchId' | 'payerSourceId') => asked.get(key)?.required ?? false;
  return (
    <>
      {(asked.has('from') || asked.has('to')) && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {asked.has('from') && (
            <DatePickerInput
              size="xs"
              label={label('from')}
              required={required('from')}
              valueFormat="MM/DD/YY"
              placeholder={t('exportForm.firstDay')}
              previousLabel={t('exportForm.previousMonth')}
              nextLabel={t('exportForm.nextMonth')}
              clearable={!required('from')}
              {...record.inputProps('from')}
            />
          )}
          {asked.has('to') && (
            <DatePickerInput
              size="xs"
              label={label('to')}
              required={required('to')}
              valueFormat="MM/DD/YY"
              placeholder={t('exportForm.lastDay')}
              previousLabel={t('exportForm.previousMonth')}
              nextLabel={t('exportForm.nextMonth')}
              minDate={form.values.from ?? undefined}
              clearable={!required('to')}
              {...record.inputProps('to')}
            />
          )}
        </SimpleGrid>
      )}
      {asked.has('branchId') && (
        <Select
          label={label('branchId')}
          required={required('branchId')}
          placeholder={required('branchId') ? t('exportForm.chooseBranch') : t('exportForm.allMyBranches')}
          data={branches}
          clearable={!required('branchId')}
          {...record.inputProps('branchId')}
        />
      )}
      {asked.has('payerSourceId') && (
        <Select
          label={label('payerSourceId')}
          required={required('payerSourceId')}
          placeholder={required('payerSourceId') ? t('exportForm.choosePayer') : t('exportForm.allPayers')}
          data={payers}
          searchable
          clearable={!required('payerSourceId')}
          {...record.inputProps('payerSourceId')}
        />
      )}
      {asked.has('format') && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="export-format-label">
            {label('format')}
          </Text>
          <SegmentedControl
            aria-labelledby="export-format-label"
            data={[
              { value: 'csv', label: t('formats.csv') },
              { value: 'xlsx', label: t('formats.xlsx') },
            ]}
            w="fit-content"
            {...record.inputProps('format')}
          />
        </Stack>
      )}
    </>
  );
}
