import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconDeviceFloppy, IconDownload, IconFileTypePdf, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CARE_FORM_CATEGORIES,
  CARE_FORM_TYPE_NAME_MAX,
  type CareFormCategory,
} from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { downloadPdf, downloadTypeJson } from './type-files';
import { nextStatus, STATUS_COLORS, useSetTypeStatus } from './type-status';
import type { TypeBuilder } from './use-type-builder';

/** The type's version, status and frozen mark, and a note on what saving a frozen version does. */
function TypeBadges({ type }: { type: CareFormTypeDetail }) {
  const { t } = useTranslation('careFormBuilder');
  return (
    <Group gap="xs">
      <Badge variant="default">{t('header.version', { version: type.version })}</Badge>
      <Badge variant="light" color={STATUS_COLORS[type.status]}>
        {t(`statuses.${type.status}`)}
      </Badge>
      {type.frozen && (
        <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
          {t('list.frozen')}
        </Badge>
      )}
    </Group>
  );
}

/** The blank PDF of the saved version (careFormTypes.pdf), for paper back-up, downloaded under its file name. */
function BlankPdfButton({ id }: { id: number }) {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadPdf(await queryClient.fetchQuery({ ...trpc.careFormTypes.pdf.queryOptions({ id }), staleTime: 0 }));
    } catch (error) {
      notifications.show({ color: 'red', title: t('header.pdfFailed'), message: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconFileTypePdf size={16} />}
      loading={busy}
      onClick={() => void download()}
    >
      {t('header.blankPdf')}
    </Button>
  );
}

/**
 * The builder's header: the type's name, category and whether caregivers may start it; its badges; Save (with the
 * count of problems left), Activate or Retire, the JSON export and the
 * saved version's blank PDF. A frozen version says that saving
 * makes version N+1 and leaves this one as forms used it.
 */
export function BuilderHeader(props: { type: CareFormTypeDetail; builder: TypeBuilder; canDesign: boolean }) {
  const { type, builder, canDesign } = props;
  const { t } = useTranslation('careFormBuilder');
  const setStatus = useSetTypeStatus();
  const { settings } = builder;
  const problemCount = builder.problems.length;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <TypeBadges type={type} />
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                downloadTypeJson({ ...type, name: settings.name, definition: { ...type.definition, item: builder.items } })
              }
            >
              {t('header.exportJson')}
            </Button>
            <BlankPdfButton id={type.id} />
            {canDesign && (
              <Button
                variant="light"
                size="sm"
                color={type.status === 'active' ? 'orange' : 'teal'}
                disabled={builder.dirty}
                loading={setStatus.isPending}
                onClick={() => setStatus.mutate({ id: type.id, status: nextStatus(type.status) })}
              >
                {t(type.status === 'active' ? 'status.retire' : 'status.activate')}
              </Button>
            )}
            {canDesign && (
              <Button
                size="sm"
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!builder.dirty || problemCount > 0 || settings.name.trim() === ''}
                loading={builder.save.isPending}
                onClick={builder.submit}
              >
                {t('header.save')}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('fields.name')}
            required
            maxLength={CARE_FORM_TYPE_NAME_MAX}
            value={settings.name}
            onChange={(event) => builder.setSettings({ name: event.currentTarget.value })}
            readOnly={!canDesign}
            style={{ flex: '2 1 280px' }}
          />
          <Select
            label={t('fields.category')}
            data={CARE_FORM_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            value={settings.category}
            onChange={(value) => value && builder.setSettings({ category: value as CareFormCategory })}
            allowDeselect={false}
            readOnly={!canDesign}
            style={{ flex: '1 1 200px' }}
          />
          <Switch
            label={t('fields.caregiverMayStart')}
            checked={settings.caregiverMayStart}
            onChange={(event) => builder.setSettings({ caregiverMayStart: event.currentTarget.checked })}
            disabled={!canDesign}
            mb={8}
          />
        </Group>
        {canDesign && type.frozen && (
          <Alert color="blue" icon={<IconLock size={16} />} py="xs">
            {t('header.frozenNote', { version: type.version, next: type.version + 1 })}
          </Alert>
        )}
        {canDesign && builder.dirty && (
          <Text size="sm" c="dimmed" role="status">
            {problemCount > 0 ? t('header.problemsLeft', { count: problemCount }) : t('header.unsaved')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
