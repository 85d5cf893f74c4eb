import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconChecks, IconDownload, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ZSaveCareSheetReviewInput } from '@hearth/shared/care-sheets/care-sheets.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { downloadPdf } from './care-sheet-file';
import { CareSheetDetails } from './care-sheet-details';
import { visitClock, visitDay } from './visit-format';

function ConfirmModal(props: { careSheetId: number; opened: boolean; onClose: () => void }) {
  const { careSheetId, opened, onClose } = props;
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const review = useMutation(
    trpc.saveCareSheetReview.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: t('review.confirmed') });
        onClose();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.getCareSheetPDFDetails.queryKey({ care_sheet_id: careSheetId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.listMyCareSheets.queryKey() }),
        ]);
      },
      onError: (e) => setError(errorMessageOf(e)),
    }),
  );
  const save = () => {
    const input = { care_sheet_id: careSheetId, note: note.trim() === '' ? null : note.trim() };
    const parsed = ZSaveCareSheetReviewInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('review.noteInvalid'));
      return;
    }
    setError(null);
    review.mutate(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('review.confirmTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('review.confirmText')}</Text>
        <Textarea
          label={t('review.note')}
          placeholder={t('review.notePlaceholder')}
          autosize
          minRows={2}
          size="sm"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('review.cancel')}
          </Button>
          <Button leftSection={<IconChecks size={16} />} loading={review.isPending} onClick={save}>
            {t('review.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /app/care-sheets/{id}/review (issue item 5): the care sheet read-only as its PDF shows it
 * (getCareSheetPDFDetails), "Looks right" to confirm it with an optional note (saveCareSheetReview), and the PDF
 * itself (getCareSheetPDFFile, saved under its file name). A sheet not submitted yet links back to its check-out.
 */
export function CareSheetReviewPage() {
  const { t } = useTranslation();
  const params = useParams();
  const careSheetId = Number(params.id);
  const valid = Number.isInteger(careSheetId) && careSheetId > 0;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [confirming, setConfirming] = useState(false);
  const sheet = useQuery(trpc.getCareSheetPDFDetails.queryOptions({ care_sheet_id: careSheetId }, { enabled: valid }));
  const download = useMutation({
    mutationFn: () => client.getCareSheetPDFFile.query({ care_sheet_id: careSheetId }),
    onSuccess: downloadPdf,
    onError: (error) => notifications.show({ color: 'red', title: t('review.pdfFailed'), message: errorMessageOf(error) }),
  });
  const data = sheet.data;
  return (
    <Stack gap="md" pb="xl">
      <Anchor component={Link} to="/app/care-sheets" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('review.back')}
        </Group>
      </Anchor>
      <Title order={3}>{t('review.title')}</Title>
      {!valid && <Alert color="red">{t('review.badLink')}</Alert>}
      {valid && sheet.isPending && <Loader size="sm" aria-label={t('review.loading')} />}
      {sheet.isError && <Alert color="red">{errorMessageOf(sheet.error)}</Alert>}
      {data && (
        <>
          {data.reviewedAt ? (
            <Alert color="teal" icon={<IconChecks size={18} />} title={t('review.youConfirmed')} p="sm">
              <Text size="sm">
                {t('review.confirmedAt', {
                  day: visitDay(data.reviewedAt, data.timezone),
                  time: visitClock(data.reviewedAt, data.timezone),
                })}
                {data.reviewNote ? ` · “${data.reviewNote}”` : ''}
              </Text>
            </Alert>
          ) : data.submittedAt ? null : (
            <Alert color="orange" icon={<IconPencil size={18} />} p="sm">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('review.notFinished')}</Text>
                <Anchor
                  component={Link}
                  to={`/app/care-sheets/${data.care_sheet_id}/shifts/${data.shift_id}/checkout`}
                  size="sm"
                  fw={500}
                >
                  {t('review.finish')}
                </Anchor>
              </Group>
            </Alert>
          )}
          <CareSheetDetails sheet={data} />
          <Stack gap="sm">
            {!data.reviewedAt && data.submittedAt && (
              <Button size="md" fullWidth leftSection={<IconChecks size={18} />} onClick={() => setConfirming(true)}>
                {t('review.looksRight')}
              </Button>
            )}
            <Button
              size="md"
              fullWidth
              variant="default"
              leftSection={<IconDownload size={18} />}
              loading={download.isPending}
              onClick={() => download.mutate()}
            >
              {t('review.download')}
            </Button>
          </Stack>
          <ConfirmModal careSheetId={careSheetId} opened={confirming} onClose={() => setConfirming(false)} />
        </>
      )}
    </Stack>
  );
}
