import { useMutation, useQuery, useQueryClient, type MutationFunction } from '@tanstack/react-query';
import type { DecorateQueryProcedure } from '@trpc/tanstack-react-query';
import type { useTRPC } from '@/api/trpc';
import type { RecordApi } from './record-api';

/** A procedure definition of this API with the given input and output (the transformer and error shape are the API's). */
type ReferenceDef = ReturnType<typeof useTRPC>['getClientAddresses'] extends DecorateQueryProcedure<infer D> ? D : never;
type Def<Input, Output> = Omit<ReferenceDef, 'input' | 'output'> & { input: Input; output: Output };

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
  list: Pick<DecorateQueryProcedure<Def<Owner, Row[]>>, 'queryOptions' | 'queryKey'>;
  create: WriteProcedure<Owner & Payload>;
  update: WriteProcedure<Payload & { id: number }>;
  remove: WriteProcedure<{ id: number }>;
}

/** A procedure's name, which is also its action's name (the API is one flat router): its mutation key's path. */
function actionOf(procedure: { mutationKey: () => readonly unknown[] }): string {
  const [path] = procedure.mutationKey();
  return Array.isArray(path) ? path.join('.') : String(path);
}

/**
 * Reads an owner's records and binds their create, update and delete to it: the list query, and the RecordApi a
 * profile section saves through (each write refreshes the list; `check` names the procedure for the server's
 * parse-only check as the user types).
 */
export function useOwnedRecords<Owner extends object, Row, Payload extends object>(
  owner: Owner,
  procedures: OwnedRecordProcedures<Owner, Row, Payload>,
  canEdit: boolean,
) {
  const queryClient = useQueryClient();
  const list = useQuery(procedures.list.queryOptions(owner));
  const refresh = () => queryClient.invalidateQueries({ queryKey: procedures.list.queryKey(owner) });
  const create = useMutation(procedures.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(procedures.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(procedures.remove.mutationOptions({ onSuccess: refresh }));
  const api: RecordApi<Payload> = {
    save: (payload, id) => (id === null ? create.mutateAsync({ ...owner, ...payload }) : update.mutateAsync({ id, ...payload })),
    remove: (id) => remove.mutateAsync({ id }),
    check: (payload, id) =>
      id === null
        ? { action: actionOf(procedures.create), input: { ...owner, ...payload } }
        : { action: actionOf(procedures.update), input: { id, ...payload } },
    canEdit,
  };
  return { list, api };
}
