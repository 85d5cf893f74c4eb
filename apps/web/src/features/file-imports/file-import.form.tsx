import { Alert, Button, FileInput, Group, Loader, Paper, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { FILE_IMPORT_MAX_BYTES } from '@hearth/shared/file-imports/file-imports.constants';
import {
  fileImportProblem,
  ZQueueFileImportInput,
  type FileImportTypeOutput,
  type QueueFileImportInput,
} from '@hearth/shared/file-imports/file-imports.schema';
import { formatFileSize } from '@hearth/shared/files/files.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { useBranchOptions, type Option } from '@/components/records/options';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { useImportUpload } from './file-import.upload';
import { openDownload } from './file-imports.download';
import { expectedColumns, importContentType } from './file-imports.format';

interface ImportFormValues {
  type: string | null;
  branchId: string | null;
  file: File | null;
}

/** The file's facts as queueFileImport takes them; the content type is the one the bytes will be PUT with. */
function payloadOf(values: ImportFormValues): QueueFileImportInput {
  const { file } = values;
  return {
    type: values.type ?? '',
    fileName: file?.name ?? '',
    fileSizeBytes: file?.size ?? 0,
    contentType: file ? importContentType(file) : '',
    branchId: values.branchId ? Number(values.branchId) : null,
  };
}

/** Every problem of the chosen file (name, size, type) belongs to the one file input. */
const fieldOfPayload = (path: string) => (['fileName', 'fileSizeBytes', 'contentType'].includes(path) ? 'file' : path);

/** Payer sources belong to the company: the other targets go to a branch. */
const needsBranch = (type: FileImportTypeOutput | undefined) => type !== undefined && type.target !== 'payer_sources';

/** What the picked type does and the columns it reads, with its template. */
function TypeDetails({ type }: { type: FileImportTypeOutput }) {
  const { t } = useTranslation('files');
  const client = useTRPCClient();
  const columns = expectedColumns(type);
  return (
    <Paper withBorder radius="sm" p="sm" aria-label={t('importForm.about', { label: type.label })} component="section">
      <Stack gap="xs">
        {type.description && <Text size="sm">{type.description}</Text>}
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('importForm.expectedColumns')}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              void openDownload(
                () => client.getFileImportTemplateDownloadLink.query({ name: type.name }),
                t('download.templateFailed'),
              )
            }
          >
            {t('importForm.downloadTemplate')}
          </Button>
        </Group>
        {/* The list scrolls when long: its viewport takes keyboard focus, so the keys can scroll it (WCAG 2.1.1). */}
        <ScrollArea.Autosize
          mah={190}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('importForm.expectedColumns') }}
        >
          <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} aria-label={t('importForm.expectedColumns')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('importForm.column')}</Table.Th>
                <Table.Th>{t('importForm.fills')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((c) => (
                <Table.Tr key={c.field}>
                  <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-word' }}>
                    {c.header}
                    {c.required && (
                      <Text span c="red" inherit aria-label={t('importForm.required')}>
                        {' '}
                        *
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{c.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed">
          {t('importForm.requiredNote')}
        </Text>
      </Stack>
    </Paper>
  );
}

function ImportFileFormFields(props: {
  types: FileImportTypeOutput[];
  branches: Option[];
  onQueued: (id: number) => void;
  onCancel: () => void;
}) {
  const { types, branches, onQueued, onCancel } = props;
  const { t } = useTranslation('files');
  const onlyBranch = branches.length === 1 ? branches[0]!.value : null;
  const typeOf = (name: string | null) => types.find((type) => type.name === name);
  const record = useRecordForm<ImportFormValues, QueueFileImportInput>({
    initialValues: { type: types.length === 1 ? types[0]!.name : null, branchId: onlyBranch, file: null },
    toPayload: payloadOf,
    schema: ZQueueFileImportInput,
    fieldOf: fieldOfPayload,
    rules: (values) => {
      const errors: Record<string, string> = {};
      if (!values.type) errors.type = t('importForm.chooseType');
      if (needsBranch(typeOf(values.type)) && branches.length > 1 && !values.branchId) {
        errors.branchId = t('importForm.chooseBranchToImport');
      }
      if (!values.file) errors.file = t('importForm.chooseFile');
      return errors;
    },
    check: (input) => (input.type && input.fileName ? { action: 'queueFileImport', input } : null),
  });
  const { form } = record;
  const { stage, upload } = useImportUpload(onQueued, record.onSaveError);
  const type = typeOf(form.values.type);
  const showBranch = needsBranch(type) && branches.length > 1;

  const pickType = (name: string | null) => {
    form.setFieldValue('type', name);
    // A type with a default branch proposes it; the person may still pick another.
    const preset = typeOf(name)?.defaults.branchId;
    if (preset !== undefined && preset !== null && branches.some((b) => b.value === String(preset))) {
      form.setFieldValue('branchId', String(preset));
    }
  };

  const submit = (values: ImportFormValues) => {
    const file = values.file;
    if (!file) return;
    void upload(file, payloadOf({ ...values, branchId: needsBranch(typeOf(values.type)) ? values.branchId : null }));
  };

  const file = form.values.file;
  const fileProps = record.inputProps('file');
  // The shared rule runs as soon as a file is picked, before anything is sent.
  const problem = file
    ? fileImportProblem({ fileName: file.name, fileSizeBytes: file.size, contentType: importContentType(file) })
    : null;
  return (
    <RecordFormFrame
      record={record}
      onSubmit={submit}
      onCancel={onCancel}
      pending={stage !== null}
      submitLabel={stage === 'uploading' ? t('importForm.uploading') : t('importForm.submit')}
    >
      <Select
        label={t('importForm.type')}
        placeholder={t('importForm.typePlaceholder')}
        required
        searchable
        data={types.map((type) => ({ value: type.name, label: type.label }))}
        allowDeselect={false}
        data-autofocus
        {...record.inputProps('type')}
        onChange={pickType}
      />
      {type && <TypeDetails type={type} />}
      {showBranch && (
        <Select
          label={t('importForm.branch')}
          description={t('importForm.branchDescription')}
          placeholder={t('importForm.branchPlaceholder')}
          required
          data={branches}
          allowDeselect={false}
          {...record.inputProps('branchId')}
        />
      )}
      <FileInput
        size="xs"
        label={t('importForm.file')}
        placeholder={t('importForm.filePlaceholder')}
        required
        clearable
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={14} />}
        description={t('importForm.fileDescription', { size: formatFileSize(FILE_IMPORT_MAX_BYTES) })}
        {...fileProps}
        error={fileProps.error ?? problem ?? undefined}
      />
    </RecordFormFrame>
  );
}

/**
 * The "Import a file" form: the import type (its description, expected columns and template), the branch when
 * the caller has several, and the file, checked by the shared rules (fileImportProblem) before anything is sent.
 * Submitting queues the import (queueFileImport) and PUTs the bytes to its upload URL; `onQueued` then gets the
 * import's id. A refused queue or upload shows its message above the fields.
 */
export function ImportFileForm({ onQueued, onCancel }: { onQueued: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const types = useQuery({ ...trpc.getFileImportTypes.queryOptions(), staleTime: 60_000 });
  const branches = useBranchOptions();
  if (types.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  }
  if (types.isPending || branches.loading) return <Loader size="sm" aria-label={t('importForm.loadingTypes')} />;
  return <ImportFileFormFields types={types.data} branches={branches.options} onQueued={onQueued} onCancel={onCancel} />;
}
