import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { formatInstant } from '@/format/instant-format';
import { useCareFormsBox, usePhoneDeps } from './care-forms-phone.context';
import { keepTypePdf, PHONE_KEYS, useStartableTypes } from './care-forms-phone.data';
import { idParam } from './care-forms-phone.list.page';

/**
 * /app/care-forms/new (issue 23 item 3): starts a form for a client of one of the caregiver's visits, from the types
 * they may start (careForms.startable, kept on the phone with their definitions). Works offline: the form is a create
 * draft with its own clientRecordId, created on the server by the next sync. `?shiftId=` picks the visit. The types'
 * blank PDFs are kept on the phone meanwhile, for a paper back-up offline.
 */
export function CareFormsPhoneStartPage() {
  const { t } = useTranslation('careFormsPhone');
  const box = useCareFormsBox();
  const { loadVisits } = usePhoneDeps();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const types = useStartableTypes(box);
  const visits = useQuery({ queryKey: [...PHONE_KEYS.all, 'visits'], networkMode: 'always', queryFn: loadVisits });
  const [shiftId, setShiftId] = useState<string | null>(params.get('shiftId'));
  const [typeId, setTypeId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const typeList = types.data?.value ?? [];
  const visitList = visits.data ?? [];

  useEffect(() => {
    const data = types.data;
    if (!data || data.fromCache) return;
    // One at a time, quietly: a back-up for paper, fetched again next time when it fails.
    void (async () => {
      for (const type of data.value) await keepTypePdf(box, type.id).catch(() => undefined);
    })();
  }, [box, types.data]);

  const start = async () => {
    const visit = visitList.find((v) => v.shiftId === idParam(shiftId));
    const type = typeList.find((x) => x.id === idParam(typeId));
    if (!visit || !type) return;
    try {
      const draft = await box.startDraft({
        type,
        clientId: visit.clientId,
        clientName: visit.clientName,
        shiftId: visit.shiftId,
        shiftStart: visit.startTimestamp,
      });
      void navigate(`/app/care-forms/new-${draft.clientRecordId}`, { replace: true });
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };

  return (
    <Stack gap="md" pb="xl">
      <Anchor component={Link} to="/app/care-forms" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('fill.back')}
        </Group>
      </Anchor>
      <Title order={2} size="h3">
        {t('start.title')}
      </Title>
      {(visits.isPending || types.isPending) && <Loader size="sm" aria-label={t('fill.loading')} />}
      {visits.isSuccess && visitList.length === 0 && <Alert color="gray">{t('start.noVisits')}</Alert>}
      {visitList.length > 0 && (
        <Select
          label={t('start.visit')}
          placeholder={t('start.visitPlaceholder')}
          data={visitList.map((v) => ({
            value: String(v.shiftId),
            label: t('start.visitOption', { client: v.clientName, day: formatInstant(v.startTimestamp, v.timezone) }),
          }))}
          value={shiftId}
          onChange={setShiftId}
          allowDeselect={false}
        />
      )}
      {types.isError && <Alert color="gray">{errorMessageOf(types.error)}</Alert>}
      {types.isSuccess && typeList.length === 0 && <Alert color="gray">{t('start.noTypes')}</Alert>}
      {typeList.length > 0 && (
        <Radio.Group label={t('start.type')} value={typeId} onChange={setTypeId}>
          <Stack gap="xs" mt="xs">
            {typeList.map((type) => (
              <Radio key={type.id} value={String(type.id)} label={type.name} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {error && (
        <Alert color="red" title={t('start.failed')}>
          <Text size="sm">{error}</Text>
        </Alert>
      )}
      <Button onClick={() => void start()} disabled={idParam(shiftId) === null || idParam(typeId) === null}>
        {t('start.start')}
      </Button>
    </Stack>
  );
}
