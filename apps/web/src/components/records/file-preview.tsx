import { useState } from 'react';
import { Alert, Anchor, Box, Image, Stack, Text } from '@mantine/core';

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
  if (link.contentType === 'application/pdf') {
    return (
      <Box
        component="iframe"
        title="File preview"
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
          <Text size="sm">This file cannot be shown here.</Text>
          <Anchor href={link.url} size="sm">
            Open {link.filename}
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
