import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { FilePreview } from '@/components/records/file-preview';
import { useCaregiver, useCaregiverId } from './caregiver-header';

/** /caregivers/{id}/files/{fileId}: the file in the page (a PDF in a frame, anything else as an image). */
export function CaregiverFilePreviewPage() {
  const trpc = useTRPC();
  const caregiverId = useCaregiverId();
  const fileId = Number(useParams().fileId);
  const validFile = Number.isInteger(fileId) && fileId > 0;
  const caregiver = useCaregiver(caregiverId);
  // A signed link expires within minutes: ask for a fresh one each time the page opens.
  const link = useQuery({
    ...trpc.getCaregiverFileDownloadLink.queryOptions({ id: fileId, inline: true }),
    enabled: validFile && caregiverId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const backTo = `/caregivers/${caregiverId ?? ''}/profile`;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} />{' '}
          {caregiver.data ? `${caregiver.data.firstName} ${caregiver.data.lastName}` : 'Caregiver profile'}
        </Group>
      </Anchor>
      {!validFile || caregiverId === null ? (
        <Alert color="red">There is no file with this id.</Alert>
      ) : link.isError ? (
        <Alert color="red" title="File not available">
          {errorMessageOf(link.error)}
        </Alert>
      ) : !link.data ? (
        <Skeleton height={420} aria-label="Loading file" />
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Title order={3}>{link.data.filename}</Title>
            <Text size="sm">
              <Anchor href={link.data.url} target="_blank" rel="noreferrer">
                Open in a new tab
              </Anchor>
            </Text>
          </Group>
          <FilePreview link={link.data} />
        </>
      )}
    </Stack>
  );
}
