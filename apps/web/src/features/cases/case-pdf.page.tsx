import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { trpcClient } from '@/api/trpc';
import { pdfBytes } from './case.rules';

/**
 * A case's PDF (cases.pdf: details, modules' answers, comments, history) as a blob URL the caller revokes, with the
 * server's file name.
 * @throws the server's error (out of reach: 404; no cases.pdf: 403)
 */
async function fetchCasePdf(id: number): Promise<{ url: string; fileName: string }> {
  const file = await trpcClient.cases.pdf.query({ id });
  const url = URL.createObjectURL(new Blob([pdfBytes(file.base64)], { type: file.contentType }));
  return { url, fileName: file.fileName };
}

/** The PDF fetched for the page: its blob URL and file name, or the server's refusal. */
type Loaded = { url: string; fileName: string } | { error: string } | null;

/**
 * /cases/{id}/pdf (spec; issue 24 item 4): the whole case file (details, modules' answers, comments, history) as a
 * PDF fetched from cases.pdf and shown in the page, with "Download the PDF" under the server's file name; the blob
 * URL is revoked when the page closes.
 */
export function CasePdfPage() {
  const { t } = useTranslation('cases');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    if (!valid) return;
    let url: string | null = null;
    let live = true;
    fetchCasePdf(id)
      .then((file) => {
        url = file.url;
        if (live) setLoaded(file);
        else URL.revokeObjectURL(file.url);
      })
      .catch((error: unknown) => live && setLoaded({ error: errorMessageOf(error) }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, valid]);
  const file = loaded && 'url' in loaded ? loaded : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{file ? file.fileName : t('pdf.loading')}</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" component={Link} to={`/cases/${id}`} leftSection={<IconArrowLeft size={14} />}>
            {t('pdf.back')}
          </Button>
          {file && (
            <Button size="xs" component="a" href={file.url} download={file.fileName} leftSection={<IconDownload size={14} />}>
              {t('pdf.download')}
            </Button>
          )}
        </Group>
      </Group>
      {!valid && (
        <Alert color="red" role="alert" variant="light">
          {t('case.notFound')}
        </Alert>
      )}
      {loaded && 'error' in loaded && (
        <Alert color="red" role="alert" variant="light">
          {loaded.error}
        </Alert>
      )}
      {valid && loaded === null && <Loader size="sm" aria-label={t('pdf.loading')} />}
      {file && (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe src={file.url} title={t('pdf.frame')} style={{ width: '100%', height: '75vh', border: 0, display: 'block' }} />
        </Paper>
      )}
    </Stack>
  );
}
