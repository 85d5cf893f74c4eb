import { useTRPC, useTRPCClient } from '@/api/trpc';
import { RecordFilesSection } from '@/components/records/files.section';

/** The caregiver's files: upload (create the record, PUT the bytes), preview, download, delete; times in its branch zone. */
export function CaregiverFilesSection(props: { caregiverId: number; branchId: number; canUpload: boolean; canDelete: boolean }) {
  const { caregiverId, ...rest } = props;
  const trpc = useTRPC();
  const vanilla = useTRPCClient();
  return (
    <RecordFilesSection
      owner={{ caregiverId }}
      procedures={{ list: trpc.getCaregiverFiles, create: trpc.createCaregiverFile, remove: trpc.deleteCaregiverFile }}
      create={vanilla.createCaregiverFile}
      link={vanilla.getCaregiverFileDownloadLink}
      path={`/caregivers/${caregiverId}`}
      {...rest}
    />
  );
}
