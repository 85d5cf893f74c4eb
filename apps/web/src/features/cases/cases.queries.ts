import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { putFile } from '@/api/file-upload';
import { trpcClient, useTRPC } from '@/api/trpc';

/*
 * The case calls of the staff screens (issue 24 item 2) and what each refreshes: a write answers the case itself
 * (CaseDetail), put in the detail's cache at once; its history and the cases table are refetched.
 */

/** After a write: the new detail in the cache, the history and the tables that show it marked stale. */
function useCaseWritten() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (detail: CaseDetail) => {
    queryClient.setQueryData(trpc.cases.detail.queryKey({ id: detail.id }), detail);
    void queryClient.invalidateQueries({ queryKey: trpc.cases.history.queryKey({ id: detail.id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
  };
}

/** cases.report: a new case (requested, or a draft) -> CaseDetail. */
export function useReportCase() {
  const trpc = useTRPC();
  const written = useCaseWritten();
  return useMutation(trpc.cases.report.mutationOptions({ onSuccess: written }));
}

/** cases.update: title, description, priority, assignee, caregivers or visit -> CaseDetail. */
export function useUpdateCase() {
  const trpc = useTRPC();
  const written = useCaseWritten();
  return useMutation(trpc.cases.update.mutationOptions({ onSuccess: written }));
}

/** cases.transition {id, to, reason?}: a move along the allowed statuses -> CaseDetail. */
export function useTransitionCase() {
  const trpc = useTRPC();
  const written = useCaseWritten();
  return useMutation(trpc.cases.transition.mutationOptions({ onSuccess: written }));
}

/** cases.markStateReported {id, note?}: the report to the state is made -> CaseDetail. */
export function useMarkStateReported() {
  const trpc = useTRPC();
  const written = useCaseWritten();
  return useMutation(trpc.cases.markStateReported.mutationOptions({ onSuccess: written }));
}

/** cases.addComment {id, body} -> CaseDetail. */
export function useAddCaseComment() {
  const trpc = useTRPC();
  const written = useCaseWritten();
  return useMutation(trpc.cases.addComment.mutationOptions({ onSuccess: written }));
}

/** cases.startModule {id, caseTypeModuleId} -> {careFormId}; the case's detail is refetched (its module's form). */
export function useStartCaseModule(caseId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.cases.startModule.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.cases.detail.queryKey({ id: caseId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.cases.history.queryKey({ id: caseId }) });
      },
    }),
  );
}

/**
 * Opens an attachment of a case in a new tab through its short-lived link (cases.attachmentLink {id, attachmentId}
 * -> {url}).
 * @throws the server's error (out of reach)
 */
export async function openCaseAttachment(id: number, attachmentId: number): Promise<void> {
  const { url } = await trpcClient.cases.attachmentLink.query({ id, attachmentId });
  const tab = window.open(url, '_blank');
  if (!tab) window.location.assign(url);
}

/**
 * An office upload to case `caseId`: cases.createAttachment {id, file: {filename, size, contentType}} -> {id, url},
 * then the bytes PUT to the signed URL (putFile); the case and its history are refetched, which lists the file. A
 * refused PUT leaves only a pending attachment no one sees (no delete call exists for it).
 * @throws the server's message (file type, size, out of reach) or the PUT's.
 */
export function useUploadCaseAttachment(caseId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const contentType = file.type || 'application/octet-stream';
      const created = await trpcClient.cases.createAttachment.mutate({
        id: caseId,
        file: { filename: file.name, size: file.size, contentType },
      });
      await putFile(created.url, file);
      return created;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.cases.detail.queryKey({ id: caseId }) });
      void queryClient.invalidateQueries({ queryKey: trpc.cases.history.queryKey({ id: caseId }) });
    },
  });
}
