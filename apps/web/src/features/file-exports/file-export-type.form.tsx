import { JsonInput, NumberInput, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZUpdateFileExportTypeInput, type FileExportTypeOutput } from '@hearth/shared/file-exports/file-exports.schema';
import { useTRPC } from '@/api/trpc';
import { EditFormFrame } from '@/components/records/edit-form-frame';
import { rebaseForm } from '@/forms/rebase-form';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import {
  exportTypeFieldOf,
  exportTypeFormValues,
  exportTypePayload,
  exportTypeRules,
  settingLabel,
  type ExportTypeFormValues,
  type SettingRow,
} from './file-export-type.values';
import { formatRetention } from './file-exports.format';

/** One setting's input, chosen by the type of its stored value. */
function SettingInput({ row, index, record }: { row: SettingRow; index: number; record: RecordForm<ExportTypeFormValues> }) {
  const label = settingLabel(row.key);
  const description = <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{row.key}</span>;
  const path = `settings.${index}.value`;
  switch (row.kind) {
    case 'boolean':
      return <Switch label={label} description={description} {...record.inputProps(path, { type: 'checkbox' })} />;
    case 'number':
      return <NumberInput label={label} description={description} {...record.inputProps(path)} />;
    case 'json':
      return (
        <JsonInput
          size="xs"
          label={label}
          description={description}
          autosize
          minRows={2}
          formatOnBlur
          {...record.inputProps(path)}
        />
      );
    case 'text':
      return <TextInput label={label} description={description} {...record.inputProps(path)} />;
  }
}

/**
 * The edit form of an export type (system level): label, description, retention in hours (1 hour to 90 days) and
 * the settings of its kind (one input per setting the type has). Checked by ZUpdateFileExportTypeInput and the
 * server's parse-only check; saved as a whole.
 */
export function FileExportTypeForm({ type, readOnly }: { type: FileExportTypeOutput; readOnly: boolean }) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toInput = (values: ExportTypeFormValues) => exportTypePayload(type.name, values);
  const record = useRecordForm<ExportTypeFormValues, ReturnType<typeof toInput>>({
    initialValues: exportTypeFormValues(type),
    toPayload: toInput,
    schema: ZUpdateFileExportTypeInput,
    rules: exportTypeRules,
    fieldOf: exportTypeFieldOf(exportTypeFormValues(type).settings.map((s) => s.key)),
    check: (input) => ({ action: 'updateFileExportType', input }),
    serverCheck: !readOnly,
  });
  const { form } = record;
  const update = useMutation(
    trpc.updateFileExportType.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getFileExportType.queryKey({ name: saved.name }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.getFileExportTypes.queryKey() });
        rebaseForm(form, exportTypeFormValues(saved));
        notifications.show({ color: 'teal', message: t('exportTypeForm.saved', { label: saved.label }) });
      },
      onError: record.onSaveError,
    }),
  );
  const hours = Number(form.values.retentionHours);
  return (
    <EditFormFrame
      record={record}
      onSubmit={(values) => update.mutate(toInput(values))}
      pending={update.isPending}
      readOnly={readOnly}
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" maw={760}>
          <TextInput label={t('exportTypeForm.label')} required {...record.inputProps('label')} />
          <Textarea
            label={t('exportTypeForm.description')}
            autosize
            minRows={2}
            maxRows={6}
            {...record.inputProps('description')}
          />
          <NumberInput
            label={t('exportTypeForm.retention')}
            description={
              form.values.retentionHours !== '' && Number.isInteger(hours) && hours > 0
                ? t('exportTypeForm.retentionKept', { retention: formatRetention(hours) })
                : t('exportTypeForm.retentionHelp')
            }
            required
            min={1}
            max={90 * 24}
            clampBehavior="none"
            allowDecimal={false}
            w={{ base: '100%', xs: 320 }}
            {...record.inputProps('retentionHours')}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('exportTypeForm.settings')}>
        <Stack gap="sm" maw={760}>
          <Text fw={600}>{t('exportTypeForm.settings')}</Text>
          {form.values.settings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('exportTypeForm.noSettings')}
            </Text>
          ) : (
            form.values.settings.map((row, i) => <SettingInput key={row.key} row={row} index={i} record={record} />)
          )}
        </Stack>
      </Paper>
    </EditFormFrame>
  );
}
