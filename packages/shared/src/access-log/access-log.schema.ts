import { z } from 'zod';
import { ZId } from '../app/input-rules';
import { zPage } from '../app/outputs.schema';
import { ACCESS_LOG_VIEW_ACTIONS } from './access-log.constants';

/**
 * Input of getRecordAccessHistory: the client or caregiver whose access history is asked, and the page (1-based)
 * and page size (1 to 100, default 50: the spec's history query rules, section 5).
 */
export const ZRecordAccessHistoryInput = z.object({
  recordType: z.enum(['client', 'caregiver'], { message: 'recordType must be client or caregiver' }),
  id: ZId,
  page: z.number().int('page must be an integer').min(1, 'page must be at least 1').default(1),
  pageSize: z
    .number()
    .int('pageSize must be an integer')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(50),
});
export type RecordAccessHistoryInput = z.input<typeof ZRecordAccessHistoryInput>;

/**
 * One entry of a record's access history: when (ISO 8601 UTC), what, by whom (the signed-in user's name; the
 * impersonated user's while impersonating) and a short detail (the procedure read, the file, the change).
 */
export const ZRecordAccessEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(ACCESS_LOG_VIEW_ACTIONS),
  userName: z.string().nullable(),
  impersonatedName: z.string().nullable(),
  detail: z.string().nullable(),
});
export type RecordAccessEntry = z.infer<typeof ZRecordAccessEntry>;

/** A page of a record's access history, newest first. */
export const ZRecordAccessHistoryOutput = zPage(ZRecordAccessEntry);
