import { useState } from 'react';
import { Anchor, Button, FileInput, Modal, Text, Tooltip, ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient, type MutationFunction } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FILE_REQUIRED_MESSAGE, RECORD_FILE_CONTENT_TYPES, RECORD_FILE_TYPE_LABELS } from '@hearth/shared/files/files.constants';
import { formatFileSize, ZRecordFileFacts, type RecordFile } from '@hearth/shared/files/files.schema';
import { errorMessageOf } from '@/api/api-error';
import { useBranchTimeZone } from '@/api/display-zone';
import { uploadFile, type FileCreateFields } from '@/api/file-upload';
import { formatInstant } from '@/format/instant-format';
import { useRecordForm, type ServerCheck } from '@/forms/use-record-form';
import { DeleteButton } from './delete-button';
import { RecordFormFrame } from './record-form-frame';
import { RecordTable, type RecordColumn } from './record-table';
import { SectionCard } from './section-card';
import { actionOf, type OwnedRecordProcedures } from './owned-records';

/** How the files section reaches its procedures, bound by the feature to its client or caregiver. */
export interface FilesApi {
  /** The create call: answers the pending record with its upload `url`. */
  create: (fields: FileCreateFields) => Promise<{ id: number; url: string }>;
  remove: (id: number) => Promise<unknown>;
  /** The create call's procedure and exact input, for the server's parse-only check of a chosen file. */
  check: (fields: FileCreateFields) => ServerCheck;
  /** A signed link to the bytes; `inline` false makes the browser download them. */
  downloadLink: (id: number) => Promise<{ url: string }>;
  /** Where the file's preview page is. */
  previewHref: (id: number) => string;
  /** Called once a file is uploaded (refresh the list). */
  onUploaded: () => void;
  canUpload: boolean;
  canDelete: boolean;
}

/** Without a file: "File is required" (spec section 5); with one: the shared size and type rules. */
const ZChosenFile = z.any().superRefine((facts: FileCreateFields | null, ctx) => {
  if (facts === null) {
    ctx.addIssue({ code: 'custom', message: FILE_REQUIRED_MESSAGE, path: [] });
    return;
  }
  const result = ZRecordFileFacts.safeParse(facts);
  if (!result.success)
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [] });
});

const factsOf = (file: File | null): FileCreateFields | null =>
  file ? { filename: file.name, size: file.size, contentType: file.type || 'application/octet-stream' } : null;

function UploadForm({ api, onDone }: { api: FilesApi; onDone: () => void }) {
  const record = useRecordForm<{ file: File | null }, FileCreateFields | null>({
    initialValues: { file: null },
    toPayload: (values) => factsOf(values.file),
    schema: ZChosenFile,
    // Without a file there is nothing to ask the server; the form's own message says what is missing.
    check: (facts) => (facts ? api.check(facts) : null),
    // Every problem of the chosen file (size, type, name, "No file provided") belongs to the one file input.
    fieldOf: () => 'file',
  });
  const [pending, setPending] = useState(false);
  const { t } = useTranslation(['records', 'common']);
  const submit = async ({ file }: { file: File | null }) => {
    setPending(true);
    try {
      await uploadFile({ file, create: api.create, remove: api.remove });
      notifications.show({ color: 'teal', message: t('files.uploaded', { name: file?.name ?? t('files.file') }) });
      api.onUploaded();
      onDone();
    } catch (error) {
      // A refused PUT (the record is already deleted again) shows its message above the form.
      record.onSaveError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(v) => void submit(v)}
      onCancel={onDone}
      pending={pending}
      submitLabel={t('common:actions.upload')}
    >
      <FileInput
        label={t('files.file')}
        placeholder={t('files.choose')}
        required
        clearable
        accept={RECORD_FILE_CONTENT_TYPES.join(',')}
        leftSection={<IconPaperclip size={14} />}
        description={t('files.accepted', { types: RECORD_FILE_CONTENT_TYPES.map((type) => fileTypeLabel(type, t)).join(', ') })}
        {...record.inputProps('file')}
      />
    </RecordFormFrame>
  );
}

/** A file type's name for people: "PDF", "Word (.docx)", "plain text" in the shown language; an unknown type as is. */
function fileTypeLabel(contentType: string, t: TFunction<['records', 'common']>): string {
  if (contentType === 'text/plain') return t('files.plainText');
  return RECORD_FILE_TYPE_LABELS[contentType as keyof typeof RECORD_FILE_TYPE_LABELS] ?? contentType;
}

/** The files table's columns: the name links to the file's page; upload times in `timeZone`. */
function fileColumns(api: FilesApi, timeZone: string, t: TFunction<['records', 'common']>): RecordColumn<RecordFile>[] {
  return [
    {
      label: t('common:fields.name'),
      cell: (f) => (
        <Anchor component={Link} to={api.previewHref(f.id)} size="sm">
          {f.filename}
        </Anchor>
      ),
    },
    {
      label: t('common:fields.type'),
      cell: (f) => fileTypeLabel(f.contentType, t),
    },
    { label: t('files.size'), cell: (f) => formatFileSize(f.size), align: 'right', nowrap: true },
    {
      label: t('files.uploadedAt'),
      cell: (f) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatInstant(f.createdAt, timeZone)}
          </Text>
          {f.uploadedByName && (
            <Text size="xs" c="dimmed">
              {f.uploadedByName}
            </Text>
          )}
        </>
      ),
    },
  ];
}

/**
 * The files of a client or caregiver: upload (create, then PUT the bytes), preview, download and delete. Upload
 * times are written in `timeZone`, the record's branch zone.
 */
export function FilesSection(props: {
  files: RecordFile[] | undefined;
  loading: boolean;
  error: unknown;
  api: FilesApi;
  timeZone: string;
}) {
  const { files, loading, error, api, timeZone } = props;
  const [uploading, setUploading] = useState(false);
  const { t } = useTranslation(['records', 'common']);
  const download = async (id: number) => {
    try {
      const { url } = await api.downloadLink(id);
      window.location.assign(url);
    } catch (cause) {
      notifications.show({ color: 'red', title: t('files.downloadFailed'), message: errorMessageOf(cause) });
    }
  };
  return (
    <SectionCard
      title={t('files.title')}
      loadingLabel={t('files.loading')}
      loading={loading}
      error={error}
      empty={files?.length === 0 && t('files.empty')}
      actions={
        api.canUpload && (
          <Button size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} onClick={() => setUploading(true)}>
            {t('files.upload')}
          </Button>
        )
      }
    >
      {files && files.length > 0 && (
        <RecordTable
          label={t('files.title')}
          minWidth={560}
          rows={files}
          columns={fileColumns(api, timeZone, t)}
          actionsWidth={70}
          actions={(f) => (
            <>
              <Tooltip label={t('files.download', { name: f.filename })}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('files.download', { name: f.filename })}
                  onClick={() => void download(f.id)}
                >
                  <IconDownload size={15} />
                </ActionIcon>
              </Tooltip>
              {api.canDelete && <DeleteButton what={f.filename} onConfirm={() => api.remove(f.id)} />}
            </>
          )}
        />
      )}
      <Modal opened={uploading} onClose={() => setUploading(false)} title={t('files.upload')}>
        {uploading && <UploadForm api={api} onDone={() => setUploading(false)} />}
      </Modal>
    </SectionCard>
  );
}

/** A create procedure of a person's files as the vanilla tRPC client gives it (client.createClientFile). */
interface FileCreateCall<Owner> {
  mutate: (input: Owner & FileCreateFields) => Promise<{ id: number; url: string }>;
}

/**
 * The files section of one person, bound to their procedures: `procedures` lists and deletes through the tRPC
 * helpers (trpc.getClientFiles, trpc.deleteClientFile), `create` and `link` are the vanilla client's create and
 * signed-link calls (the upload needs the answer, a download a fresh link). A file's page is `{path}/files/{id}`;
 * times are in the branch's zone.
 */
export function RecordFilesSection<Owner extends object, Row extends RecordFile>(props: {
  owner: Owner;
  procedures: Pick<OwnedRecordProcedures<Owner, Row, never>, 'list'> & {
    create: { mutationKey(): readonly unknown[] };
    remove: { mutationOptions(opts: { onSuccess: () => unknown }): { mutationFn?: MutationFunction<unknown, { id: number }> } };
  };
  create: FileCreateCall<Owner>;
  link: { query: (input: { id: number; inline: boolean }) => Promise<{ url: string }> };
  path: string;
  branchId: number;
  canUpload: boolean;
  canDelete: boolean;
}) {
  const { owner, procedures, create, link, path, canUpload, canDelete } = props;
  const timeZone = useBranchTimeZone(props.branchId);
  const queryClient = useQueryClient();
  const files = useQuery(procedures.list.queryOptions(owner));
  const refresh = () => queryClient.invalidateQueries({ queryKey: procedures.list.queryKey(owner) });
  const remove = useMutation(procedures.remove.mutationOptions({ onSuccess: refresh }));
  const api: FilesApi = {
    create: (fields) => create.mutate({ ...owner, ...fields }),
    // Also used to take back a record whose upload failed; that one never reached the list.
    remove: (id) => remove.mutateAsync({ id }),
    check: (fields) => ({ action: actionOf(procedures.create), input: { ...owner, ...fields } }),
    downloadLink: (id) => link.query({ id, inline: false }),
    previewHref: (id) => `${path}/files/${id}`,
    onUploaded: () => void refresh(),
    canUpload,
    canDelete,
  };
  return <FilesSection files={files.data} loading={files.isPending} error={files.error} api={api} timeZone={timeZone} />;
}
