import { Alert, Loader, Select, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZQueueFileExportInput,
  type FileExportTypeOutput,
  type QueueFileExportInput,
} from '@hearth/shared/file-exports/file-exports.schema';
import { isPeriodExportKind } from '@hearth/shared/file-exports/file-exports.kinds';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useBranchOptions, usePayerSourceOptions, type Option } from '@/components/records/options';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { ExportParamFields } from './file-export.params';
import { exportKindLabel } from './file-exports.format';
import {
  exportFieldOf,
  exportFormValues,
  exportPayload,
  exportRules,
  paramsOf,
  proposedFormat,
  type ExportFormValues,
} from './file-export.values';

function QueueExportFields(props: {
  types: FileExportTypeOutput[];
  branches: Option[];
  payers: Option[];
  onQueued: (id: number) => void;
  onCancel: () => void;
}) {
  const { types, branches, payers, onQueued, onCancel } = props;
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const typeOf = (name: string | null) => types.find((type) => type.name === name);
  const toPayload = (values: ExportFormValues): QueueFileExportInput => exportPayload(values, typeOf(values.type));
  const record = useRecordForm<ExportFormValues, QueueFileExportInput>({
    initialValues: exportFormValues(branches.length === 1 ? branches[0]!.value : null),
    toPayload,
    schema: ZQueueFileExportInput,
    rules: (values) => exportRules(typeOf(values.type))(values),
    fieldOf: exportFieldOf,
    check: (input) => (input.type ? { action: 'queueFileExport', input } : null),
  });
  const { form } = record;
  const queue = useMutation(
    trpc.queueFileExport.mutationOptions({
      onSuccess: (queued) => {
        void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
        onQueued(queued.id);
      },
      onError: record.onSaveError,
    }),
  );
  const type = typeOf(form.values.type);
  const asked = paramsOf(type);
  const typeProps = record.inputProps('type');
  const pickType = (name: string | null) => {
    typeProps.onChange(name);
    const picked = typeOf(name);
    if (picked) form.setFieldValue('format', proposedFormat(picked));
  };
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => queue.mutate(toPayload(values))}
      onCancel={onCancel}
      pending={queue.isPending}
      submitLabel={t('exportForm.submit')}
    >
      <Select
        label={t('exportForm.type')}
        placeholder={t('exportForm.typePlaceholder')}
        required
        searchable
        data={types.map((type) => ({ value: type.name, label: type.label }))}
        allowDeselect={false}
        data-autofocus
        {...typeProps}
        onChange={pickType}
      />
      {type && (
        <Text size="sm" c="dimmed">
          {type.description || exportKindLabel(type.kind)}
          {!isPeriodExportKind(type.kind) && t('exportForm.everyRecord')}
        </Text>
      )}
      <ExportParamFields record={record} asked={asked} branches={branches} payers={payers} />
    </RecordFormFrame>
  );
}

/**
 * The "New export" form: the export type (getFileExportTypes) and the parameters its `params` ask for (period with
 * date pickers, branch, payer source, CSV or XLSX for record kinds), checked by ZQueueFileExportInput and the
 * server's parse-only check. Queueing (queueFileExport) hands the new export's id to `onQueued`.
 */
export function QueueExportForm({ onQueued, onCancel }: { onQueued: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const types = useQuery({ ...trpc.getFileExportTypes.queryOptions(), staleTime: 60_000 });
  const branches = useBranchOptions();
  const payers = usePayerSourceOptions();
  if (types.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  }
  if (types.isPending || branches.loading || payers.loading)
    return <Loader size="sm" aria-label={t('exportForm.loadingTypes')} />;
  return (
    <QueueExportFields
      types={types.data}
      branches={branches.options}
      payers={payers.options}
      onQueued={onQueued}
      onCancel={onCancel}
    />
  );
}
