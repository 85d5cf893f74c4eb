import { useState } from 'react';
import { Alert, Anchor, Box, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import type { QueryProcedure } from './owned-records';

/** A signed link to a file's bytes with what it is (getClientFileDownloadLink / getCaregiverFileDownloadLink). */
export interface PreviewLink {
  url: string;
  filename: string;
  contentType: string;
}

/**
 * A file shown in the page (spec section 2): a PDF in a frame, anything else as an image. A file the browser
 * cannot draw as an image (a Word document) says so and offers the file itself instead of a broken picture.
 */
export function FilePreview({ link }: { link: PreviewLink }) {
  const [broken, setBroken] = useState(false);
  const { t } = useTranslation('records');
  if (link.contentType === 'application/pdf') {
    return (
      <Box
        component="iframe"
        title={t('preview.frameTitle')}
        src={link.url}
        w="100%"
        h="calc(100dvh - 220px)"
        mih={420}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
  }
  if (broken) {
    return (
      <Alert color="gray" variant="light">
        <Stack gap={4}>
          <Text size="sm">{t('preview.cannotShow')}</Text>
          <Anchor href={link.url} size="sm">
            {t('preview.open', { name: link.filename })}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Image
      src={link.url}
      alt={link.filename}
      fit="contain"
      maw="100%"
      mah="calc(100dvh - 220px)"
      w="auto"
      radius="md"
      style={{ border: '1px solid var(--mantine-color-default-border)', alignSelf: 'flex-start' }}
      onError={() => setBroken(true)}
    />
  );
}

/** The options of the signed-link query: a link expires within minutes, so each opening of the page asks anew. */
export const FRESH_LINK_QUERY = { staleTime: 0, gcTime: 0, refetchOnWindowFocus: false } as const;

/** The file id of the route (.../files/{fileId}), NaN when it is missing, with whether it is a positive whole number. */
export function useFileIdParam(): { fileId: number; validFile: boolean } {
  const fileId = Number(useParams().fileId);
  return { fileId, validFile: Number.isInteger(fileId) && fileId > 0 };
}

/**
 * A profile's file page: a link back to the profile, then the file's name, an "Open in a new tab" link and the
 * file itself. `valid` is false when the route names no file (or no owner); `link` is the signed-link query.
 */
export function FilePreviewPage(props: {
  backTo: string;
  backLabel: string;
  valid: boolean;
  link: { data?: PreviewLink; isError: boolean; error: unknown };
}) {
  const { backTo, backLabel, valid, link } = props;
  const { t } = useTranslation('records');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {backLabel}
        </Group>
      </Anchor>
      {!valid ? (
        <Alert color="red">{t('preview.noFile')}</Alert>
      ) : link.isError ? (
        <Alert color="red" title={t('preview.notAvailable')}>
          {errorMessageOf(link.error)}
        </Alert>
      ) : !link.data ? (
        <Skeleton height={420} aria-label={t('preview.loading')} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Title order={3}>{link.data.filename}</Title>
            <Text size="sm">
              <Anchor href={link.data.url} target="_blank" rel="noreferrer">
                {t('preview.newTab')}
              </Anchor>
            </Text>
          </Group>
          <FilePreview link={link.data} />
        </>
      )}
    </Stack>
  );
}

/**
 * The file page of a person (/clients/{id}/files/{fileId}, /caregivers/{id}/files/{fileId}): `link` is the
 * procedure of the file's signed link (trpc.getClientFileDownloadLink), asked for inline only when the route names
 * both; the back link names the person once `person` has loaded.
 */
export function PersonFilePreviewPage<Input extends { id: number; inline?: boolean }, Link extends PreviewLink>(props: {
  noun: 'client' | 'caregiver';
  ownerId: number | null;
  person: { firstName: string; lastName: string } | undefined;
  link: QueryProcedure<Input, Link>;
}) {
  const { noun, ownerId, person } = props;
  const { t } = useTranslation('records');
  const { fileId, validFile } = useFileIdParam();
  const valid = validFile && ownerId !== null;
  const input = { id: fileId, inline: true } as Input;
  const link = useQuery({ ...props.link.queryOptions(input), enabled: valid, ...FRESH_LINK_QUERY });
  return (
    <FilePreviewPage
      backTo={`/${noun}s/${ownerId ?? ''}/profile`}
      backLabel={person ? `${person.firstName} ${person.lastName}` : t(`people.${noun}.profile`)}
      valid={valid}
      link={link}
    />
  );
}
