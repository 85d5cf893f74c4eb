import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { trpcClient, useTRPC } from '@/api/trpc';
import { pdfBytes } from './care-form.rules';

/**
 * The care form calls of the staff screens (issue 23 item 2) and what each refreshes: a write's answer is the form
 * itself, put in the detail's cache at once; the client's list and the careForms table are refetched.
 */

/** After a write: the new detail in the cache, the lists that show it marked stale. */
function useFormWritten() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (detail: CareFormDetail) => {
    queryClient.setQueryData(trpc.careForms.detail.queryKey({ id: detail.id }), detail);
    void queryClient.invalidateQueries({ queryKey: trpc.careForms.listForClient.queryKey({ clientId: detail.clientId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
  };
}

/** careForms.create: starts a form of an active type for a client. */
export function useCreateCareForm() {
  const trpc = useTRPC();
  const written = useFormWritten();
  return useMutation(trpc.careForms.create.mutationOptions({ onSuccess: written }));
}

/** careForms.saveInProgress: the answers so far (the cache is not touched, so typing goes on undisturbed). */
export function useSaveCareForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.careForms.saveInProgress.mutationOptions({
      onSuccess: (detail) => {
        void queryClient.invalidateQueries({
          queryKey: trpc.careForms.listForClient.queryKey({ clientId: detail.clientId }),
        });
      },
    }),
  );
}

/** careForms.complete: the final answers and the signature; the form becomes signed and read-only. */
export function useCompleteCareForm() {
  const trpc = useTRPC();
  const written = useFormWritten();
  return useMutation(trpc.careForms.complete.mutationOptions({ onSuccess: written }));
}

/** careForms.amend: reopens a signed form as its next version, with the reason. */
export function useAmendCareForm() {
  const trpc = useTRPC();
  const written = useFormWritten();
  return useMutation(trpc.careForms.amend.mutationOptions({ onSuccess: written }));
}

/**
 * Downloads a signed form's PDF (careForms.pdf: answers, signatures, who and when) under the server's file name.
 * @throws the server's error (a form not signed yet, out of reach)
 */
export async function downloadCareFormPdf(id: number): Promise<void> {
  const file = await trpcClient.careForms.pdf.query({ id });
  const url = URL.createObjectURL(new Blob([pdfBytes(file.base64)], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
