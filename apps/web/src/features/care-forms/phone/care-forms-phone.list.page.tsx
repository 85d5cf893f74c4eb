import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { syncAndRefresh, useCareFormsBox, useCareFormsSnapshot, useCareFormsSync, useOnline } from './care-forms-phone.context';
import { PHONE_KEYS, useMyForms, useStartableTypes } from './care-forms-phone.data';
import { CreateDraftRow, FormRow, NoticeAlert } from './care-forms-phone.rows';

/** A positive id from a search parameter, else null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** "Sync now" and what the last sync said (sent, nothing, offline, already running). */
function SyncBar() {
  const { t } = useTranslation('careFormsPhone');
  const box = useCareFormsBox();
  const { syncing } = useCareFormsSnapshot(box);
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<string | null>(null);
  const syncNow = async () => {
    const result = await syncAndRefresh(box, () => queryClient.invalidateQueries({ queryKey: PHONE_KEYS.all })).catch(
      (error: unknown) => ({ skipped: true as const, message: errorMessageOf(error) }),
    );
    if ('skipped' in result) setSaid(result.message);
    else if (result.offline) setSaid(t('sync.offline'));
    else if (result.returned.length > 0) setSaid(t('sync.returned'));
    else if (result.sent + result.signed > 0) setSaid(t('sync.sent', { count: result.sent }));
    else setSaid(t('sync.nothing'));
  };
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="xs" c="dimmed" role="status" aria-live="polite">
        {syncing ? t('sync.running') : said}
      </Text>
      <Button size="compact-sm" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={() => void syncNow()}>
        {t('sync.now')}
      </Button>
    </Group>
  );
}

/**
 * /app/care-forms (issue 23 item 3): the caregiver's forms on the phone: the drafts started on this phone, then their
 * forms (assigned to them or started by them; careForms.mine, or the phone's copy offline) with what waits to upload.
 * `?shiftId=` keeps the forms of one visit (from the visit's page). Drafts sync when the list shows, on 'online'
 * and with "Sync now"; a discarded draft is told here until dismissed.
 */
export function CareFormsPhoneListPage() {
  const { t } = useTranslation('careFormsPhone');
  const box = useCareFormsBox();
  useCareFormsSync(box);
  const snapshot = useCareFormsSnapshot(box);
  const online = useOnline();
  const mine = useMyForms(box);
  // Fetched here too, so the types (with their definitions) are on the phone before the caregiver goes offline.
  useStartableTypes(box);
  const [params] = useSearchParams();
  const shiftId = idParam(params.get('shiftId'));
  const forms = (mine.data?.value ?? []).filter((f) => shiftId === null || f.shiftId === shiftId);
  const creates = snapshot.drafts.filter((d) => d.kind === 'create' && (shiftId === null || d.shiftId === shiftId));
  const visitClient = forms[0]?.clientName ?? creates[0]?.label.clientName;

  return (
    <Stack gap="sm" pb="xl">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t('list.title')}
        </Title>
        <Button
          size="sm"
          component={Link}
          to={shiftId === null ? '/app/care-forms/new' : `/app/care-forms/new?shiftId=${shiftId}`}
          leftSection={<IconPlus size={16} />}
        >
          {t('list.newForm')}
        </Button>
      </Group>
      {!online && (
        <Alert color="gray" icon={<IconCloudOff size={18} />} role="status" p="xs">
          {t('list.offlineBanner')}
        </Alert>
      )}
      {snapshot.notices.map((notice) => (
        <NoticeAlert key={notice.id} box={box} notice={notice} />
      ))}
      <SyncBar />
      {shiftId !== null && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {visitClient ? t('list.forVisit', { client: visitClient }) : t('visit.forms')}
          </Text>
          <Anchor component={Link} to="/app/care-forms" size="sm">
            {t('list.allForms')}
          </Anchor>
        </Group>
      )}
      {creates.length > 0 && (
        <Stack gap="xs" component="section" aria-label={t('list.onPhone')}>
          <Title order={3} size="h5">
            {t('list.onPhone')}
          </Title>
          {creates.map((draft) => (
            <CreateDraftRow key={draft.kind === 'create' ? draft.clientRecordId : draft.formId} draft={draft} />
          ))}
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-label={t('list.assigned')}>
        <Title order={3} size="h5">
          {t('list.assigned')}
        </Title>
        {mine.isPending && <Loader size="sm" aria-label={t('fill.loading')} />}
        {mine.isError && <Alert color="red">{errorMessageOf(mine.error)}</Alert>}
        {mine.isSuccess && forms.length === 0 && (
          <Text size="sm" c="dimmed">
            {shiftId === null ? t('list.empty') : t('visit.none')}
          </Text>
        )}
        {forms.map((form) => (
          <FormRow key={form.id} form={form} snapshot={snapshot} />
        ))}
      </Stack>
    </Stack>
  );
}
