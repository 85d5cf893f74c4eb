import { useTRPC } from '@/api/trpc';
import { PersonFilePreviewPage } from '@/components/records/file-preview';
import { useCaregiver, useCaregiverId } from './caregiver-header';

/** /caregivers/{id}/files/{fileId}: the file in the page (a PDF in a frame, anything else as an image). */
export function CaregiverFilePreviewPage() {
  const trpc = useTRPC();
  const id = useCaregiverId();
  const link = trpc.getCaregiverFileDownloadLink;
  return <PersonFilePreviewPage noun="caregiver" ownerId={id} person={useCaregiver(id).data} link={link} />;
}
