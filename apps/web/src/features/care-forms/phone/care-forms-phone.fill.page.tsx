import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCloudOff, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { labelOf, type AnyDraft } from '../care-forms-offline.records';
import type { DraftTarget } from '../care-forms-offline.store';
import { useCareFormsBox, useCareFormsSnapshot, useCareFormsSync, useOnline, usePhoneDeps } from './care-forms-phone.context';
import { keepTypePdf, openTypePdf, useFormDetail } from './care-forms-phone.data';
import { useFillActions } from './care-forms-phone.fill.actions';
import { FillExtras, FillHeader, FillNotes } from './care-forms-phone.fill.parts';
import { useFormOnPhone } from './care-forms-phone.form-state';
import { idParam } from './care-forms-phone.list.page';
import { SignFormModal } from './care-forms-phone.sign';

/** The route's id: a form the server holds (its id) or a form started on the phone (`new-<clientRecordId>`). */
function parseRouteId(value: string | undefined): { formId: number } | { clientRecordId: string } | null {
  const created = /^new-([0-9a-f-]{36})$/i.exec(value ?? '');
  if (created) return { clientRecordId: created[1]! };
  const formId = idParam(value ?? null);
  return formId === null ? null : { formId };
}

/** Whether two drafts are the same form's. */
function sameDraft(a: AnyDraft, b: AnyDraft): boolean {
  return a.kind === 'create'
    ? b.kind === 'create' && a.clientRecordId === b.clientRecordId
    : b.kind === 'edit' && a.formId === b.formId;
}

/** Where the page's saves go: the create draft, or the form's edit draft (labelled from the server or the draft). */
function targetOf(
  routeId: ReturnType<typeof parseRouteId>,
  server: CareFormDetail | undefined,
  draft: AnyDraft | undefined,
): DraftTarget | null {
  if (!routeId) return null;
  if ('clientRecordId' in routeId) return routeId;
  const label = server ? labelOf(server) : draft?.label;
  return label ? { formId: routeId.formId, label } : null;
}

/**
 * /app/care-forms/{id} and /app/care-forms/new-{clientRecordId} (issue 23 item 3): one form on the phone, filled with
 * the one renderer (compact), online or offline. "Save draft" keeps the answers on the phone (an edit draft, or the
 * create draft of a form started here) and syncs at once; "Sign and complete" queues the signing with the answers,
 * sent by the sync; a refusal comes back with the problems under their questions. The type's blank PDF opens from the
 * phone's copy offline.
 */
export function CareFormsPhoneFillPage() {
  const { t } = useTranslation('careFormsPhone');
  const box = useCareFormsBox();
  useCareFormsSync(box);
  const { Renderer } = usePhoneDeps();
  const routeId = parseRouteId(useParams().id);
  const formId = routeId && 'formId' in routeId ? routeId.formId : null;
  const detail = useFormDetail(box, formId);
  const snapshot = useCareFormsSnapshot(box);
  const online = useOnline();
  const navigate = useNavigate();
  const form = useFormOnPhone(box, routeId, detail.data?.value);
  const server = detail.data?.value;
  const target = targetOf(routeId, server, form.draft);
  const actions = useFillActions(box, target, form);
  const [signing, setSigning] = useState(false);
  const typeId = server?.typeId ?? (form.draft?.kind === 'create' ? form.draft.typeId : null);

  useEffect(() => {
    if (form.createdAs !== undefined) void navigate(`/app/care-forms/${form.createdAs}`, { replace: true });
  }, [form.createdAs, navigate]);
  useEffect(() => {
    if (typeId !== null && online) void keepTypePdf(box, typeId).catch(() => undefined);
  }, [box, typeId, online]);

  const problems = formId !== null ? snapshot.problems[formId] : undefined;
  const queued = snapshot.drafts.find((d) => form.draft && sameDraft(d, form.draft) && d.completion);
  const editable = !queued && (server ? server.editable && server.status === 'in-progress' : form.draft?.kind === 'create');
  const label = server ? labelOf(server) : form.draft?.label;
  const questionnaire = server?.type.definition ?? (form.draft?.kind === 'create' ? form.draft.type.definition : undefined);
  const loading = routeId !== null && (form.loading || (formId !== null && detail.isPending && !form.draft));
  const failure = detail.error ? errorMessageOf(detail.error) : t('draft.gone');

  return (
    <Stack gap="sm" pb="xl">
      <Anchor component={Link} to="/app/care-forms" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('fill.back')}
        </Group>
      </Anchor>
      {!online && (
        <Alert color="gray" icon={<IconCloudOff size={18} />} role="status" p="xs">
          {t('list.offlineBanner')}
        </Alert>
      )}
      {loading && <Loader size="sm" aria-label={t('fill.loading')} />}
      {!loading && !questionnaire && <Alert color="red">{failure}</Alert>}
      {label && questionnaire && (
        <>
          <FillHeader label={label} server={server} fromCache={detail.data?.fromCache ?? false} />
          <FillNotes
            box={box}
            problems={problems}
            server={server}
            queued={queued !== undefined}
            onUndoSigning={() => queued && void actions.undoSigning(queued)}
          />
          <Renderer
            questionnaire={questionnaire}
            items={(editable || queued ? form.items : server?.items) ?? []}
            onChange={form.change}
            readOnly={!editable}
            problems={problems?.problems}
            compact
          />
          {actions.error && <Alert color="red">{actions.error}</Alert>}
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {form.dirty ? t('draft.unsaved') : actions.message}
          </Text>
          {editable && (
            <Stack gap="xs">
              <Button leftSection={<IconSignature size={16} />} onClick={() => setSigning(true)}>
                {t('fill.sign')}
              </Button>
              <Button variant="default" onClick={() => void actions.save()}>
                {t('draft.save')}
              </Button>
            </Stack>
          )}
          <FillExtras
            onPdf={
              typeId === null
                ? null
                : () => void openTypePdf(box, typeId).catch((e: unknown) => actions.setError(errorMessageOf(e)))
            }
            onDiscard={form.draft && !queued ? () => void actions.discard() : null}
          />
          <SignFormModal
            opened={signing}
            onClose={() => setSigning(false)}
            onSign={async (signature) => {
              setSigning(false);
              await actions.sign(signature);
            }}
          />
        </>
      )}
    </Stack>
  );
}
