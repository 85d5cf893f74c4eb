import { useState } from 'react';
import { Anchor, Button, FileInput, Group, Modal, Table, Text, Tooltip, ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { z } from 'zod';
import { FILE_REQUIRED_MESSAGE, RECORD_FILE_CONTENT_TYPES, RECORD_FILE_TYPE_LABELS } from '@hearth/shared/files/files.constants';
import { formatFileSize, ZRecordFileFacts, type RecordFile } from '@hearth/shared/files/files.schema';
import { errorMessageOf } from '@/api/api-error';
import { uploadFile, type FileCreateFields } from '@/api/file-upload';
import { formatInstant } from '@hearth/shared/app/time-display';
import { useRecordForm, type ServerCheck } from '@/forms/use-record-form';
import { DeleteButton } from './delete-button';
import { RecordFormFrame } from './record-form-frame';
import { SectionCard } from './section-card';

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
  const submit = async ({ file }: { file: File | null }) => {
    setPending(true);
    try {
      await uploadFile({ file, create: api.create, remove: api.remove });
      notifications.show({ color: 'teal', message: `${file?.name ?? 'File'} uploaded` });
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
    <RecordFormFrame record={record} onSubmit={(v) => void submit(v)} onCancel={onDone} pending={pending} submitLabel="Upload">
      <FileInput
        label="File"
        placeholder="Choose a file"
        required
        clearable
        accept={RECORD_FILE_CONTENT_TYPES.join(',')}
        leftSection={<IconPaperclip size={14} />}
        description={`${Object.values(RECORD_FILE_TYPE_LABELS).join(', ')}; up to 25 MB`}
        {...record.inputProps('file')}
      />
    </RecordFormFrame>
  );
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
  const download = async (id: number) => {
    try {
      const { url } = await api.downloadLink(id);
      window.location.assign(url);
    } catch (cause) {
      notifications.show({ color: 'red', title: 'Download failed', message: errorMessageOf(cause) });
    }
  };
  return (
    <SectionCard
      title="Files"
      loading={loading}
      error={error}
      empty={files?.length === 0 && 'No files yet.'}
      actions={
        api.canUpload && (
          <Button size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} onClick={() => setUploading(true)}>
            Upload file
          </Button>
        )
      }
    >
      {files && files.length > 0 && (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label="Files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th w={70} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Anchor component={Link} to={api.previewHref(f.id)} size="sm">
                      {f.filename}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {RECORD_FILE_TYPE_LABELS[f.contentType as keyof typeof RECORD_FILE_TYPE_LABELS] ?? f.contentType}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatFileSize(f.size)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatInstant(f.createdAt, timeZone)}
                    </Text>
                    {f.uploadedByName && (
                      <Text size="xs" c="dimmed">
                        {f.uploadedByName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <Tooltip label={`Download ${f.filename}`}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={`Download ${f.filename}`}
                          onClick={() => void download(f.id)}
                        >
                          <IconDownload size={15} />
                        </ActionIcon>
                      </Tooltip>
                      {api.canDelete && <DeleteButton what={f.filename} onConfirm={() => api.remove(f.id)} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={uploading} onClose={() => setUploading(false)} title="Upload file">
        {uploading && <UploadForm api={api} onDone={() => setUploading(false)} />}
      </Modal>
    </SectionCard>
  );
}
