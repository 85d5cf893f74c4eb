import { Group, Text, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/format/date-format';
import { todayIso } from '@/format/local-date';
import { RecordFormFrame } from './record-form-frame';
import { useRecordSave, type RecordFormProps } from './record-save';
import { useOwnedRecords, type OwnedRecordProcedures } from './owned-records';
import { RecordTableSection } from './record-table';

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

function JournalForm(props: RecordFormProps<JournalEntryRow, JournalEntryPayload> & { schema: z.ZodType }) {
  const entry = props.row;
  const toPayload = (v: JournalEntryPayload): JournalEntryPayload => ({
    entryDate: v.entryDate,
    subject: v.subject.trim(),
    body: v.body.trim(),
  });
  const { record, frame } = useRecordSave<JournalEntryRow, JournalEntryPayload, JournalEntryPayload>(props, 'journal', {
    initialValues: { entryDate: entry?.entryDate ?? todayIso(), subject: entry?.subject ?? '', body: entry?.body ?? '' },
    toPayload,
    schema: props.schema,
  });
  const { t } = useTranslation(['records', 'common']);
  return (
    <RecordFormFrame {...frame}>
      <Group grow align="flex-start">
        <TextInput label={t('common:fields.date')} type="date" required {...record.inputProps('entryDate')} />
        <TextInput label={t('journal.subject')} required {...record.inputProps('subject')} />
      </Group>
      <Textarea label={t('journal.note')} required autosize minRows={4} maxRows={12} {...record.inputProps('body')} />
    </RecordFormFrame>
  );
}

/** An entry in the journal: subject, date and author, then the note as typed. */
function JournalItem({ entry }: { entry: JournalEntryRow }) {
  return (
    <>
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
    </>
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
  const { t } = useTranslation(['records', 'common']);
  const sorted = list.data && [...list.data].sort((a, b) => b.entryDate.localeCompare(a.entryDate) || b.id - a.id);
  return (
    <RecordTableSection
      title={t('journal.title')}
      loadingLabel={t('journal.loading')}
      noun={t('journal.noun')}
      addLabel={t('journal.add')}
      emptyText={t('journal.empty')}
      rows={sorted}
      loading={list.isPending}
      error={list.error}
      canAdd={api.canEdit}
      canEdit={() => api.canEdit}
      what={(entry) => t('journal.what', { subject: entry.subject })}
      remove={api.remove}
      list={{ label: t('journal.listLabel'), gap: 'xs', divider: { mb: 'xs' }, item: (entry) => <JournalItem entry={entry} /> }}
      modalSize="lg"
      form={(p) => <JournalForm {...p} schema={schema} api={api} />}
    />
  );
}
