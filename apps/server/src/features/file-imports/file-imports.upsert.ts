import { errorRow, sameValues, type ImportRow, type RowOutcome } from './file-imports.target';

/**
 * The course of a batch shared by the targets that check rows against each other and the database before writing
 * (authorizations, shifts): each row becomes a candidate or its error; each candidate is refused, or accepted as an
 * insert, an unchanged record or an update.
 */

/** A valid row of a batch: its line and key, the stored record it updates (null: a new one) and the columns it writes. */
export interface UpsertCandidate {
  line: number;
  externalId: string;
  current: ({ id: number } & Record<string, unknown>) | null;
  columns: Record<string, unknown>;
}

/**
 * The valid rows of a batch, in file order. `candidateOf` gets a row and the number of candidates before it (an
 * index the later checks can key by) and returns the row's candidate, or the message refusing it, which becomes the
 * row's error outcome in `outcomes`.
 * @returns the candidates.
 */
export function candidatesOf<C extends object>(
  rows: ImportRow[],
  outcomes: RowOutcome[],
  candidateOf: (row: ImportRow, k: number) => C | string,
): C[] {
  const candidates: C[] = [];
  for (const row of rows) {
    const candidate = candidateOf(row, candidates.length);
    if (typeof candidate === 'string') outcomes.push(errorRow(row, candidate));
    else candidates.push(candidate);
  }
  return candidates;
}

/**
 * Sorts the candidates, in file order. One that `refusalOf` refuses (it sees the candidates accepted before, for
 * clashes within the file) gets that message as its error outcome. An accepted one goes to `onAccept` (which may
 * complete its columns), then is an insert when new, an 'unchanged' outcome in `outcomes` when every column it
 * writes holds that value already, else an update.
 * @returns the inserts and updates; their outcomes are the caller's, once written.
 */
export function sortCandidates<C extends UpsertCandidate>(
  candidates: C[],
  outcomes: RowOutcome[],
  refusalOf: (candidate: C, accepted: C[]) => string | null,
  onAccept: (candidate: C) => void = () => {},
): { inserts: C[]; updates: C[] } {
  const accepted: C[] = [];
  const inserts: C[] = [];
  const updates: C[] = [];
  for (const c of candidates) {
    const refusal = refusalOf(c, accepted);
    if (refusal) {
      outcomes.push(errorRow(c, refusal));
      continue;
    }
    onAccept(c);
    accepted.push(c);
    if (!c.current) inserts.push(c);
    else if (sameValues(c.current, c.columns)) outcomes.push(writtenRow(c, 'unchanged', c.current.id));
    else updates.push(c);
  }
  return { inserts, updates };
}

/** The outcome of a row written (or left as it was) as record `recordId`. */
export function writtenRow(
  row: Pick<ImportRow, 'line' | 'externalId'>,
  status: 'created' | 'updated' | 'unchanged',
  recordId: number,
): RowOutcome {
  return { line: row.line, status, externalId: row.externalId, recordId, message: null };
}
