import { sql } from 'drizzle-orm';
import type { ViewColumnDefinition } from '../views/views.registry';

/**
 * The columns naming the person a report row belongs to, for reports whose FROM clause joins `caregivers` or
 * `clients` (as `person`'s table) and `branches`: the person's id (hidden), last and first name (searchable) and
 * branch. Every record report starts with them so rows read and sort the same way.
 */
export function personColumns(person: 'caregivers' | 'clients'): ViewColumnDefinition[] {
  const table = sql.raw(person);
  const prefix = person === 'caregivers' ? 'caregiver' : 'client';
  const label = person === 'caregivers' ? 'Caregiver' : 'Client';
  return [
    { key: `${prefix}Id`, label: `${label} ID`, type: 'number', sql: sql`${table}.id`, visibleByDefault: false },
    { key: 'lastName', label: 'Last name', type: 'text', sql: sql`${table}.last_name`, searchable: true },
    { key: 'firstName', label: 'First name', type: 'text', sql: sql`${table}.first_name`, searchable: true },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
  ];
}

/** The columns of a stored file (client_files, caregiver_files, as `files`) and its uploader (`users`). */
export function fileColumns(): ViewColumnDefinition[] {
  return [
    { key: 'filename', label: 'File', type: 'text', sql: sql`files.filename`, searchable: true },
    { key: 'contentType', label: 'Type', type: 'text', sql: sql`files.content_type` },
    { key: 'sizeBytes', label: 'Size (bytes)', type: 'number', sql: sql`files.size` },
    {
      key: 'status',
      label: 'Upload',
      type: 'enum',
      sql: sql`files.status`,
      options: [
        { value: 'pending', label: 'Pending' },
        { value: 'uploaded', label: 'Uploaded' },
      ],
    },
    { key: 'uploadedByName', label: 'Uploaded by', type: 'text', sql: sql`users.name`, searchable: true },
    { key: 'createdAt', label: 'Added', type: 'datetime', sql: sql`files.created_at` },
  ];
}

/** The columns of a journal entry (client_journal_entries, caregiver_journal_entries, as `entries`) and its author. */
export function journalColumns(): ViewColumnDefinition[] {
  return [
    { key: 'entryDate', label: 'Date', type: 'date', sql: sql`entries.entry_date` },
    { key: 'subject', label: 'Subject', type: 'text', sql: sql`entries.subject`, searchable: true },
    { key: 'body', label: 'Note', type: 'text', sql: sql`entries.body`, searchable: true },
    { key: 'authorName', label: 'Author', type: 'text', sql: sql`users.name`, searchable: true },
    { key: 'createdAt', label: 'Written', type: 'datetime', sql: sql`entries.created_at`, visibleByDefault: false },
  ];
}
