import { useMutation, useQuery, useQueryClient, type MutationFunction } from '@tanstack/react-query';
import type { DecorateQueryProcedure } from '@trpc/tanstack-react-query';
import type { useTRPC } from '@/api/trpc';
import type { RecordApi } from './record-api';

/** A procedure definition of this API with the given input and output (the transformer and error shape are the API's). */
type ReferenceDef = ReturnType<typeof useTRPC>['getClientAddresses'] extends DecorateQueryProcedure<infer D> ? D : never;
type Def<Input, Output> = Omit<ReferenceDef, 'input' | 'output'> & { input: Input; output: Output };

/** A query procedure as the tRPC helpers give it (e.g. trpc.getClientFiles), seen through its options and key. */
export type QueryProcedure<Input, Output> = Pick<DecorateQueryProcedure<Def<Input, Output>>, 'queryOptions' | 'queryKey'>;

/**
 * A write procedure as the tRPC helpers give it (e.g. trpc.createClientAddress), seen only through what a section
 * uses: its options for useMutation and its key. Typed by the input the section sends, which the procedure's own
 * input accepts (the shared form's payload is one of the inputs its schema takes).
 */
interface WriteProcedure<Input> {
  mutationOptions(opts: { onSuccess: () => unknown }): { mutationFn?: MutationFunction<unknown, Input> };
  mutationKey(): readonly unknown[];
}

/**
 * The four procedures of one kind of record kept on a person (a client or a caregiver), as the feature passes
 * them from its tRPC helpers, e.g. `{ list: trpc.getClientAddresses, create: trpc.createClientAddress, ... }`.
 * `Owner` is the owner's part of the inputs ({clientId} or {caregiverId}).
 */
export interface OwnedRecordProcedures<Owner, Row, Payload> {
  list: QueryProcedure<Owner, Row[]>;
  create: WriteProcedure<Owner & Payload>;
  update: WriteProcedure<Payload & { id: number }>;
  /** Left out for records that are kept (nurse assessments); deleting one then fails. */
  remove?: WriteProcedure<{ id: number }>;
}

/** A procedure's name, which is also its action's name (the API is one flat router): its mutation key's path. */
export function actionOf(procedure: { mutationKey: () => readonly unknown[] }): string {
  const [path] = procedure.mutationKey();
  return Array.isArray(path) ? path.join('.') : String(path);
}

/**
 * Binds an owner's create, update and delete to it: the RecordApi a profile section saves through. Each write runs
 * `refresh` (which may return a promise the write then waits for); `check` names the procedure for the server's
 * parse-only check as the user types.
 */
export function useRecordApi<Owner extends object, Payload extends object>(
  owner: Owner,
  procedures: Omit<OwnedRecordProcedures<Owner, unknown, Payload>, 'list'>,
  canEdit: boolean,
  refresh: () => unknown,
): RecordApi<Payload> {
  const create = useMutation(procedures.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(procedures.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation<unknown, Error, { id: number }>(procedures.remove?.mutationOptions({ onSuccess: refresh }) ?? {});
  return {
    save: (payload, id) => (id === null ? create.mutateAsync({ ...owner, ...payload }) : update.mutateAsync({ id, ...payload })),
    remove: (id) => remove.mutateAsync({ id }),
    check: (payload, id) =>
      id === null
        ? { action: actionOf(procedures.create), input: { ...owner, ...payload } }
        : { action: actionOf(procedures.update), input: { id, ...payload } },
    canEdit,
  };
}

/**
 * Reads an owner's records and binds their create, update and delete to it: the list query, and the RecordApi a
 * profile section saves through (each write refreshes the list, and runs `alsoRefresh` for what else shows these
 * records, e.g. a month's units of the authorizations).
 */
export function useOwnedRecords<Owner extends object, Row, Payload extends object>(
  owner: Owner,
  procedures: OwnedRecordProcedures<Owner, Row, Payload>,
  canEdit: boolean,
  alsoRefresh?: () => void,
) {
  const queryClient = useQueryClient();
  const list = useQuery(procedures.list.queryOptions(owner));
  const refresh = () => {
    alsoRefresh?.();
    return queryClient.invalidateQueries({ queryKey: procedures.list.queryKey(owner) });
  };
  const api = useRecordApi(owner, procedures, canEdit, refresh);
  return { list, api };
}

type Trpc = ReturnType<typeof useTRPC>;

/** The API's procedure names that start with `prefix`, without it ("get" gives "ClientAddresses", ...). */
type NamesAfter<Prefix extends string> = keyof Trpc extends infer Name
  ? Name extends `${Prefix}${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * The four procedures of one kind of owned record by the API's naming: `get{Many}` lists them, `create{One}`,
 * `update{One}` and `delete{One}` write one, e.g. `recordProcedures(trpc, 'ClientAddress', 'ClientAddresses')`.
 * Only names the API has are accepted.
 */
export function recordProcedures<
  One extends NamesAfter<'create'> & NamesAfter<'update'> & NamesAfter<'delete'>,
  Many extends NamesAfter<'get'>,
>(trpc: Trpc, one: One, many: Many) {
  const named = trpc as unknown as Record<string, unknown>;
  return {
    list: named[`get${many}`] as Trpc[`get${Many}` & keyof Trpc],
    create: named[`create${one}`] as Trpc[`create${One}` & keyof Trpc],
    update: named[`update${one}`] as Trpc[`update${One}` & keyof Trpc],
    remove: named[`delete${one}`] as Trpc[`delete${One}` & keyof Trpc],
  };
}
