import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';
import { useCareFormEditor, type SaveState } from './care-form.editor';
import { CareFormHeader } from './care-form.header';
import { CareFormSignModal } from './care-form.sign.modal';
import { SignedBlock, VersionPicker, VersionView } from './care-form.versions';
import { QuestionnaireForm } from './renderer/questionnaire-form';

/** Where the answers stand: saved (at what time), not saved yet, saving, or a failed save. */
function SaveStatus({ state, savedAt }: { state: SaveState; savedAt: Date | null }) {
  const { t } = useTranslation('careForms');
  const zone = useUserTimeZone();
  const text =
    state === 'saving'
      ? t('form.saving')
      : state === 'failed'
        ? t('form.saveFailed')
        : state === 'unsaved'
          ? t('form.unsaved')
          : savedAt
            ? t('form.savedAt', { when: formatInstant(savedAt, zone, { style: 'time', zoneName: 'never' }) })
            : '';
  return (
    <Text size="sm" c={state === 'failed' ? 'red' : 'dimmed'} role="status" aria-live="polite">
      {text}
    </Text>
  );
}

/** The form filled (or read) with the one renderer, with Save draft and Complete and sign while in progress. */
function CareFormBody({ detail }: { detail: CareFormDetail }) {
  const { t } = useTranslation('careForms');
  const { can } = useAllowedActions();
  const editor = useCareFormEditor(detail);
  const [signing, setSigning] = useState(false);
  const editable = detail.editable && can('careForms.saveInProgress');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <QuestionnaireForm
          questionnaire={detail.type.definition}
          items={editor.items}
          onChange={editor.change}
          readOnly={!editable}
          problems={editor.problems}
        />
      </Paper>
      {editor.completeError && !signing && (
        <Alert color="red" role="alert" variant="light">
          {editor.completeError}
        </Alert>
      )}
      {editable ? (
        <Group justify="space-between" gap="xs">
          <SaveStatus state={editor.saveState} savedAt={editor.savedAt} />
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={editor.saving}
              onClick={editor.saveNow}
            >
              {t('form.saveDraft')}
            </Button>
            {can('careForms.complete') && (
              <Button leftSection={<IconSignature size={16} />} onClick={() => editor.check() && setSigning(true)}>
                {t('form.complete')}
              </Button>
            )}
          </Group>
        </Group>
      ) : (
        <SignedBlock signature={detail.signature} signedBy={detail.signedBy} signedAt={detail.signedAt} />
      )}
      <CareFormSignModal
        opened={signing}
        onClose={() => setSigning(false)}
        signing={editor.completing}
        error={null}
        onSign={(signature) => editor.complete(signature, () => setSigning(false))}
      />
    </Stack>
  );
}

/**
 * /care-forms/{id} (spec; issue 23 item 2): one care form. In progress it is filled with the renderer and saved on its
 * own a few seconds after each change, or with Save draft; Complete and sign checks the answers by the shared rules
 * (problems under their questions), asks for the signature and completes it (the server's problems shown the same
 * way). Signed, it is read-only with its signature, Download PDF and Amend (with a reason, reopening it as the next
 * version); earlier signed versions can be shown.
 */
export function CareFormPage() {
  const { t } = useTranslation('careForms');
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const form = useQuery({ ...trpc.careForms.detail.queryOptions({ id }), enabled: valid });
  const [version, setVersion] = useState<number | null>(null);
  if (!valid || form.isError) {
    return (
      <Alert color="red" role="alert" variant="light">
        {valid ? errorMessageOf(form.error) : t('form.notFound')}
      </Alert>
    );
  }
  if (!form.data) return <Loader size="sm" aria-label={t('form.loading')} />;
  const detail = form.data;
  return (
    <Stack gap="md">
      <CareFormHeader detail={detail} />
      <VersionPicker detail={detail} value={version} onChange={setVersion} />
      {version === null ? (
        // A new version or status (amended, completed) starts the body afresh from the server's answers.
        <CareFormBody key={`${detail.id}:${detail.version}:${detail.status}`} detail={detail} />
      ) : (
        <VersionView detail={detail} version={version} />
      )}
    </Stack>
  );
}
