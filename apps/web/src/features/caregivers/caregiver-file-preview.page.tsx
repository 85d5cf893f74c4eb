import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { FilePreviewPage, FRESH_LINK_QUERY, useFileIdParam } from '@/components/records/file-preview';
import { useCaregiver, useCaregiverId } from './caregiver-header';

/** /caregivers/{id}/files/{fileId}: the file in the page (a PDF in a frame, anything else as an image). */
export function CaregiverFilePreviewPage() {
  const trpc = useTRPC();
  const caregiverId = useCaregiverId();
  const { fileId, validFile } = useFileIdParam();
  const caregiver = useCaregiver(caregiverId);
  const link = useQuery({
    ...trpc.getCaregiverFileDownloadLink.queryOptions({ id: fileId, inline: true }),
    enabled: validFile && caregiverId !== null,
    ...FRESH_LINK_QUERY,
  });
  return (
    <FilePreviewPage
      backTo={`/caregivers/${caregiverId ?? ''}/profile`}
      backLabel={caregiver.data ? `${caregiver.data.firstName} ${caregiver.data.lastName}` : 'Caregiver profile'}
      valid={validFile && caregiverId !== null}
      link={link}
    />
  );
}
