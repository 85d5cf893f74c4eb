import { JsonInput, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZUpdateFileImportTypeInput, type FileImportTypeOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { useTRPC } from '@/api/trpc';
import type { Option } from '@/components/records/options';
import { EditFormFrame } from '@/components/records/edit-form-frame';
import { rebaseForm } from '@/forms/rebase-form';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import {
  importTypeFieldOf,
  importTypeFormValues,
  importTypePayload,
  importTypeRules,
  type ImportTypeFormValues,
} from './file-import-type.values';

/** The mapping editor: one line per field of the target with its label, required mark, header and transform. */
function MappingTable({ type, record }: { type: FileImportTypeOutput; record: RecordForm<ImportTypeFormValues> }) {
  const { t } = useTranslation('files');
  const transforms = type.transforms.map((tr) => ({ value: tr.name, label: tr.name }));
  const describe = new Map(type.transforms.map((tr) => [tr.name, tr.description]));
  return (
    <Table.ScrollContainer minWidth={680} type="native">
      <Table
        verticalSpacing={4}
        horizontalSpacing={6}
        aria-label={t('importTypeForm.columnMapping')}
        style={{ verticalAlign: 'top' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="34%">{t('importTypeForm.field')}</Table.Th>
            <Table.Th>{t('importTypeForm.header')}</Table.Th>
            <Table.Th w={260}>{t('importTypeForm.transform')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {record.form.values.mapping.map((row, i) => {
            const field = type.fields.find((f) => f.key === row.field);
            const label = field?.label ?? row.field;
            return (
              <Table.Tr key={row.field}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label}
                    {field?.required && (
                      <Text span c="red" aria-label={t('importTypeForm.required')}>
                        {' '}
                        *
                      </Text>
                    )}
                  </Text>
                  {field?.description && (
                    <Text size="xs" c="dimmed">
                      {field.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('importTypeForm.headerLabel', { label })}
                    placeholder={field?.required ? t('importTypeForm.requiredPlaceholder') : t('importTypeForm.notRead')}
                    {...record.inputProps(`mapping.${i}.header`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('importTypeForm.transformLabel', { label })}
                    placeholder={t('importTypeForm.asItIs')}
                    data={transforms}
                    clearable
                    searchable
                    renderOption={({ option }) => (
                      <div>
                        <Text size="sm">{option.label}</Text>
                        <Text size="xs" c="dimmed">
                          {describe.get(option.value)}
                        </Text>
                      </div>
                    )}
                    {...record.inputProps(`mapping.${i}.transform`)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The edit form of an import type (system level): label, description, the column mapping (field -> header and
 * transform; every required field mapped) and the defaults (the branch, other fields as a JSON object). Checked by
 * ZUpdateFileImportTypeInput and, as the user types, by the server in parse-only mode; saved as a whole.
 */
export function FileImportTypeForm({
  type,
  branches,
  readOnly,
}: {
  type: FileImportTypeOutput;
  branches: Option[];
  readOnly: boolean;
}) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toInput = (values: ImportTypeFormValues) => importTypePayload(type.name, values);
  const record = useRecordForm<ImportTypeFormValues, ReturnType<typeof toInput>>({
    initialValues: importTypeFormValues(type),
    toPayload: toInput,
    schema: ZUpdateFileImportTypeInput,
    rules: importTypeRules(type),
    fieldOf: importTypeFieldOf(type.fields.map((f) => f.key)),
    check: (input) => ({ action: 'updateFileImportType', input }),
    serverCheck: !readOnly,
  });
  const { form } = record;
  const update = useMutation(
    trpc.updateFileImportType.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getFileImportType.queryKey({ name: saved.name }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.getFileImportTypes.queryKey() });
        rebaseForm(form, importTypeFormValues(saved));
        notifications.show({ color: 'teal', message: t('importTypeForm.saved', { label: saved.label }) });
      },
      onError: record.onSaveError,
    }),
  );
  return (
    <EditFormFrame
      record={record}
      onSubmit={(values) => update.mutate(toInput(values))}
      pending={update.isPending}
      readOnly={readOnly}
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" maw={760}>
          <TextInput label={t('importTypeForm.label')} required {...record.inputProps('label')} />
          <Textarea
            label={t('importTypeForm.description')}
            autosize
            minRows={2}
            maxRows={6}
            {...record.inputProps('description')}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('importTypeForm.columnMapping')}>
        <Stack gap="xs">
          <Text fw={600}>{t('importTypeForm.columnMapping')}</Text>
          <Text size="xs" c="dimmed">
            {t('importTypeForm.mappingHelp')}
          </Text>
          <MappingTable type={type} record={record} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('importTypeForm.defaults')}>
        <Stack gap="sm" maw={760}>
          <Text fw={600}>{t('importTypeForm.defaults')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('importTypeForm.branch')}
              description={t('importTypeForm.branchDescription')}
              placeholder={t('importTypeForm.branchPlaceholder')}
              data={branches}
              clearable
              {...record.inputProps('branchId')}
            />
          </SimpleGrid>
          <JsonInput
            size="xs"
            label={t('importTypeForm.otherDefaults')}
            description={t('importTypeForm.otherDefaultsDescription')}
            autosize
            minRows={3}
            maxRows={12}
            formatOnBlur
            {...record.inputProps('otherDefaults')}
          />
        </Stack>
      </Paper>
    </EditFormFrame>
  );
}
