import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueueFileImportInput } from '@hearth/shared/file-imports/file-imports.schema';
import { putFile } from '@/api/file-upload';
import { useTRPC, useTRPCClient } from '@/api/trpc';

/**
 * Queues a file import and uploads its bytes: `upload(file, input)` calls queueFileImport with `input`, PUTs `file`
 * to the upload URL it answers, refreshes the listed views and hands the import's id to `onQueued`. A refused
 * queue or upload goes to `onError`. `stage` says which step runs ('queueing', 'uploading'), null when idle.
 */
export function useImportUpload(onQueued: (id: number) => void, onError: (error: unknown) => void) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<'queueing' | 'uploading' | null>(null);
  const upload = async (file: File, input: QueueFileImportInput) => {
    try {
      setStage('queueing');
      const queued = await client.queueFileImport.mutate(input);
      setStage('uploading');
      // The upload URL is bound to the declared type and size: send the bytes under exactly that type.
      await putFile(queued.uploadUrl, file.slice(0, file.size, input.contentType));
      void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
      onQueued(queued.id);
    } catch (error) {
      onError(error);
    } finally {
      setStage(null);
    }
  };
  return { stage, upload };
}
