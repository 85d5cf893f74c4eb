import { Alert, Group, Image, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';
import { QuestionnaireForm } from './renderer/questionnaire-form';

/**
 * Which version of the form is shown: the current one, or an earlier signed one (careForms.version). Only for a form
 * with earlier versions (one amended at least once).
 */
export function VersionPicker(props: { detail: CareFormDetail; value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation('careForms');
  const zone = useUserTimeZone();
  const { detail } = props;
  if (detail.versions.length === 0) return null;
  const data = [
    { value: 'current', label: t('versions.current', { version: detail.version }) },
    ...[...detail.versions].reverse().map((v) => ({
      value: String(v.version),
      label: v.signedAt
        ? t('versions.signed', { version: v.version, when: formatInstant(v.signedAt, zone) })
        : t('versions.unsigned', { version: v.version }),
    })),
  ];
  return (
    <Select
      label={t('versions.label')}
      data={data}
      value={props.value === null ? 'current' : String(props.value)}
      allowDeselect={false}
      w={300}
      onChange={(value) => props.onChange(value === null || value === 'current' ? null : Number(value))}
    />
  );
}

/** A signature image with who signed and when, as the form or a version holds it. */
export function SignedBlock(props: {
  signature: string | null;
  signedBy: { name: string } | null;
  signedAt: string | null;
  reason?: string | null;
}) {
  const { t } = useTranslation('careForms');
  const zone = useUserTimeZone();
  if (!props.signature && !props.signedAt) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('form.signedTitle')}
        </Text>
        {props.signature && (
          <Paper withBorder radius="sm" bg="white" p={4} maw={420}>
            <Image
              src={props.signature}
              alt={t('form.signatureAlt', { name: props.signedBy?.name ?? '' })}
              mah={120}
              fit="contain"
            />
          </Paper>
        )}
        {props.signedAt && (
          <Text size="sm" c="dimmed">
            {t('form.signedBy', { name: props.signedBy?.name ?? '', when: formatInstant(props.signedAt, zone) })}
          </Text>
        )}
        {props.reason && (
          <Text size="sm" c="dimmed">
            {t('form.amendedBecause', { reason: props.reason })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** An earlier signed version of the form, read-only, with its signature, signer and time. */
export function VersionView(props: { detail: CareFormDetail; version: number }) {
  const { t } = useTranslation('careForms');
  const trpc = useTRPC();
  const version = useQuery(trpc.careForms.version.queryOptions({ id: props.detail.id, version: props.version }));
  if (version.isError) {
    return (
      <Alert color="red" role="alert" variant="light">
        {errorMessageOf(version.error)}
      </Alert>
    );
  }
  if (!version.data) return <Loader size="sm" aria-label={t('versions.loading')} />;
  const v = version.data;
  return (
    <Stack gap="md">
      <Group>
        <Text size="sm" c="dimmed">
          {t('versions.showing', { version: v.version })}
        </Text>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <QuestionnaireForm questionnaire={props.detail.type.definition} items={v.items} onChange={() => undefined} readOnly />
      </Paper>
      <SignedBlock signature={v.signature} signedBy={v.signedBy} signedAt={v.signedAt} reason={v.amendmentReason} />
    </Stack>
  );
}
