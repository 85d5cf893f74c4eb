import { useState } from 'react';
import { Divider, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { formatDate } from '@/format/date-format';
import { todayIso } from '@/format/local-date';
import { useRecordForm } from '@/forms/use-record-form';
import { DeleteButton } from './delete-button';
import { EditButton } from './edit-button';
import { RecordFormFrame } from './record-form-frame';
import { useOwnedRecords, type OwnedRecordProcedures } from './owned-records';
import type { RecordApi } from './record-api';
import { SectionCard } from './section-card';
import { AddButton, RecordModal } from './record-modal';

/** A journal entry as the client and caregiver lists return it. */
export interface JournalEntryRow {
  id: number;
  entryDate: string;
  subject: string;
  body: string;
  authorName: string | null;
}

/** What the journal form sends. */
export interface JournalEntryPayload {
  entryDate: string;
  subject: string;
  body: string;
}

function JournalForm(props: {
  entry: JournalEntryRow | null;
  schema: z.ZodType;
  api: RecordApi<JournalEntryPayload>;
  onDone: () => void;
}) {
  const { entry, schema, api, onDone } = props;
  const id = entry?.id ?? null;
  const toPayload = (v: JournalEntryPayload): JournalEntryPayload => ({
    entryDate: v.entryDate,
    subject: v.subject.trim(),
    body: v.body.trim(),
  });
  const record = useRecordForm<JournalEntryPayload, JournalEntryPayload>({
    initialValues: { entryDate: entry?.entryDate ?? todayIso(), subject: entry?.subject ?? '', body: entry?.body ?? '' },
    toPayload,
    schema,
    check: (payload) => api.check(payload, id),
  });
  const [pending, setPending] = useState(false);
  const submit = async (values: JournalEntryPayload) => {
    setPending(true);
    try {
      await api.save(toPayload(values), id);
      notifications.show({ color: 'teal', message: id === null ? 'Journal entry added' : 'Journal entry saved' });
      onDone();
    } catch (error) {
      record.onSaveError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <RecordFormFrame record={record} onSubmit={(v) => void submit(v)} onCancel={onDone} pending={pending}>
      <Group grow align="flex-start">
        <TextInput label="Date" type="date" required {...record.inputProps('entryDate')} />
        <TextInput label="Subject" required {...record.inputProps('subject')} />
      </Group>
      <Textarea label="Note" required autosize minRows={4} maxRows={12} {...record.inputProps('body')} />
    </RecordFormFrame>
  );
}

/**
 * The journal of a client or caregiver: dated notes, newest first, added and edited in a modal. The feature
 * passes its owner ({clientId} or {caregiverId}), its four journal procedures and the shared schema of the form.
 */
export function JournalSection<Owner extends object, Row extends JournalEntryRow>(props: {
  owner: Owner;
  procedures: OwnedRecordProcedures<Owner, Row, JournalEntryPayload>;
  canEdit: boolean;
  schema: z.ZodType;
}) {
  const { owner, procedures, canEdit, schema } = props;
  const { list, api } = useOwnedRecords(owner, procedures, canEdit);
  const { data: entries, isPending: loading, error } = list;
  const [editing, setEditing] = useState<JournalEntryRow | 'new' | null>(null);
  const close = () => setEditing(null);
  const sorted = [...(entries ?? [])].sort((a, b) => b.entryDate.localeCompare(a.entryDate) || b.id - a.id);
  return (
    <SectionCard
      title="Journal"
      loading={loading}
      error={error}
      empty={entries?.length === 0 && 'No journal entries yet.'}
      actions={api.canEdit && <AddButton label="Add entry" onClick={() => setEditing('new')} />}
    >
      {sorted.length > 0 && (
        <Stack gap="xs" aria-label="Journal entries" role="list">
          {sorted.map((entry, index) => (
            <div key={entry.id} role="listitem">
              {index > 0 && <Divider mb="xs" />}
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {entry.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(entry.entryDate)}
                      {entry.authorName ? ` · ${entry.authorName}` : ''}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {entry.body}
                  </Text>
                </div>
                {api.canEdit && (
                  <Group gap={2} wrap="nowrap">
                    <EditButton what={`entry ${entry.subject}`} onClick={() => setEditing(entry)} />
                    <DeleteButton what={`entry ${entry.subject}`} onConfirm={() => api.remove(entry.id)} />
                  </Group>
                )}
              </Group>
            </div>
          ))}
        </Stack>
      )}
      <RecordModal editing={editing} onClose={close} noun="journal entry" size="lg">
        {(row) => <JournalForm entry={row} schema={schema} api={api} onDone={close} />}
      </RecordModal>
    </SectionCard>
  );
}
