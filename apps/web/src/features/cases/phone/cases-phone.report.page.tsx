import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCamera, IconCloudOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CASE_REPORT_MAX_PHOTOS } from '@hearth/shared/cases/cases.constants';
import { type CaseType, ZReportCaseInput } from '@hearth/shared/cases/cases.schema';
import { formatInstant } from '@/format/instant-format';
import {
  type PhoneVisit,
  type ReportPhoto,
  useCasesPhone,
  useOnline,
  useReportableTypes,
  useVisits,
} from './cases-phone.context';

/**
 * The visit a report names (the server takes a caregiver's report only from one of their visits, for its client):
 * the visit the page was opened from when it is the client's, else the client's visit starting nearest to when it
 * happened. @returns the visit, or undefined when the client has none on the phone
 */
function visitOf(visits: PhoneVisit[], clientId: number, shiftId: number | null, occurredAt: string): PhoneVisit | undefined {
  const mine = visits.filter((v) => v.clientId === clientId);
  const at = occurredAt ? new Date(occurredAt).getTime() : Date.now();
  const distance = (v: PhoneVisit) => Math.abs(Date.parse(v.startTimestamp) - at);
  return mine.find((v) => v.shiftId === shiftId) ?? [...mine].sort((a, b) => distance(a) - distance(b))[0];
}

/** The type offered first: incident when reportable, else the first one. */
function defaultType(types: CaseType[]): string | null {
  const first = types.find((x) => x.code === 'incident') ?? types[0];
  return first ? String(first.id) : null;
}

/** A positive id from a search parameter, else null. */
function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Now as a datetime-local value (the phone's zone, to the minute). */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The photos of the report: taken with the camera (or from the library), downsized, removable. */
function PhotoPicker(props: { photos: ReportPhoto[]; onChange: (photos: ReportPhoto[]) => void }) {
  const { t } = useTranslation('casesPhone');
  const { downscale } = useCasesPhone();
  const [error, setError] = useState<string | null>(null);
  const add = async (files: File[]) => {
    setError(null);
    const room = CASE_REPORT_MAX_PHOTOS - props.photos.length;
    try {
      const taken = await Promise.all(files.slice(0, room).map((file) => downscale(file)));
      props.onChange([...props.photos, ...taken]);
    } catch {
      setError(t('report.photoError'));
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('report.photos')}
      </Text>
      <Group gap="xs">
        {props.photos.map((photo, i) => (
          <div key={i} style={{ position: 'relative' }}>
            <Image
              src={`data:${photo.contentType};base64,${photo.data}`}
              w={72}
              h={72}
              radius="sm"
              alt={t('report.photoAlt', { n: i + 1 })}
            />
            <ActionIcon
              size="sm"
              color="red"
              variant="filled"
              style={{ position: 'absolute', top: -6, right: -6 }}
              aria-label={t('report.photoRemove', { n: i + 1 })}
              onClick={() => props.onChange(props.photos.filter((_, j) => j !== i))}
            >
              <IconX size={12} />
            </ActionIcon>
          </div>
        ))}
      </Group>
      {props.photos.length < CASE_REPORT_MAX_PHOTOS && (
        <FileButton onChange={(files) => void add(files)} accept="image/jpeg,image/png" multiple capture="environment">
          {(buttonProps) => (
            <Button {...buttonProps} variant="light" leftSection={<IconCamera size={16} />}>
              {t('report.addPhoto')}
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The page's title, and why the form may be short of data offline. */
function ReportHeader(props: { online: boolean; noTypes: boolean }) {
  const { t } = useTranslation('casesPhone');
  return (
    <>
      <Title order={2} size="h3">
        {t('report.title')}
      </Title>
      {!props.online && (
        <Alert color="yellow" icon={<IconCloudOff size={16} />}>
          {t('report.offline')}
        </Alert>
      )}
      {props.noTypes && <Alert color="red">{t('report.noTypes')}</Alert>}
    </>
  );
}

/** The type and client picks: the reportable types, the clients of the caregiver's visits, and the defaults. */
function usePicks(shiftId: number | null) {
  const types = useReportableTypes();
  const visits = useVisits();
  const clients = useMemo(() => {
    const byId = new Map<number, string>();
    for (const visit of visits.data ?? []) byId.set(visit.clientId, visit.clientName);
    return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
  }, [visits.data]);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const [visitId, setVisitId] = useState<string | null>(null);
  // Until picked: the visit's client, and the incident type (else the first reportable one).
  const typeValue = typeId ?? defaultType(types.data?.value ?? []);
  const visitClient = visits.data?.find((v) => v.shiftId === shiftId)?.clientId;
  const clientValue = clientId ?? (visitClient === undefined ? null : String(visitClient));
  const pickClient = (value: string | null) => {
    setClientId(value);
    setVisitId(null);
  };

  return { types, visits, clients, typeValue, setTypeId, clientValue, pickClient, visitId, setVisitId };
}

/**
 * The client, among those of the caregiver's visits on the phone (the last 7 days and on), and the visit the report
 * comes from among that client's, latest first, each by its start in its branch's zone; until picked, the page's
 * visit or the one nearest to when it happened (`visit`, from visitOf).
 */
function ClientAndVisit(props: { picks: ReturnType<typeof usePicks>; visit: PhoneVisit | undefined; error?: string }) {
  const { t } = useTranslation('casesPhone');
  const { visits, clients, clientValue, pickClient, setVisitId } = props.picks;
  const mine = (visits.data ?? [])
    .filter((v) => String(v.clientId) === clientValue)
    .sort((a, b) => Date.parse(b.startTimestamp) - Date.parse(a.startTimestamp));
  return (
    <>
      <Select
        label={t('report.client')}
        description={clients.length === 0 && !visits.isPending ? t('report.noClients') : undefined}
        data={clients}
        value={clientValue}
        onChange={pickClient}
        error={props.error}
        allowDeselect={false}
        required
      />
      <Select
        label={t('report.visit')}
        description={t('report.visitHelp')}
        data={mine.map((v) => ({ value: String(v.shiftId), label: formatInstant(v.startTimestamp, v.timezone) }))}
        value={props.visit ? String(props.visit.shiftId) : null}
        onChange={setVisitId}
        disabled={clientValue === null}
        allowDeselect={false}
        required
      />
    </>
  );
}

/**
 * /app/cases/new?shiftId= (issue 24 item 3): "Report an incident" on the phone: the type among the reportable ones
 * (kept for offline), the client of one of the caregiver's visits of the last 7 days and on, which of that client's
 * visits (a report comes during or after it), when it happened (now by default), a title, what happened and photos.
 * Saved at once in the phone's queue with a clientRecordId, then sent when online.
 */
export function CasesPhoneReportPage() {
  const { t } = useTranslation('casesPhone');
  const { box } = useCasesPhone();
  const navigate = useNavigate();
  const online = useOnline();
  const [params] = useSearchParams();
  const shiftId = idParam(params.get('shiftId'));
  const picks = usePicks(shiftId);
  const { types, visits, clients, typeValue, setTypeId, clientValue, visitId } = picks;
  const [occurredAt, setOccurredAt] = useState(localNow);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<ReportPhoto[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const visit = visitOf(visits.data ?? [], Number(clientValue), visitId === null ? shiftId : Number(visitId), occurredAt);

  const submit = async () => {
    const parsed = ZReportCaseInput.safeParse({
      caseTypeId: Number(typeValue),
      clientId: Number(clientValue),
      shiftId: visit?.shiftId ?? null,
      title,
      description,
      occurredAt: occurredAt ? new Date(occurredAt).toISOString() : '',
      photos,
    });
    const next: Record<string, string> = {};
    if (!typeValue) next.caseTypeId = t('report.pickType');
    if (!clientValue) next.clientId = t('report.pickClient');
    for (const issue of parsed.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      const type = types.data?.value.find((x) => String(x.id) === typeValue);
      const client = clients.find((c) => c.value === clientValue);
      await box.queue(parsed.data, { typeName: type?.name ?? '', clientName: client?.label ?? '' });
      void box.sync().catch(() => undefined);
      await navigate('/app/cases?queued=1');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" pb="xl">
      <ReportHeader online={online} noTypes={types.isError} />
      <Select
        label={t('report.type')}
        data={(types.data?.value ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
        value={typeValue}
        onChange={setTypeId}
        error={errors.caseTypeId}
        allowDeselect={false}
        required
      />
      <ClientAndVisit picks={picks} visit={visit} error={errors.clientId} />
      <TextInput
        type="datetime-local"
        label={t('report.occurredAt')}
        value={occurredAt}
        onChange={(e) => setOccurredAt(e.currentTarget.value)}
        error={errors.occurredAt}
        required
      />
      <TextInput
        label={t('report.titleField')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={errors.title}
        required
      />
      <Textarea
        label={t('report.description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
        autosize
        minRows={4}
      />
      <PhotoPicker photos={photos} onChange={setPhotos} />
      {errors.photos && (
        <Text size="sm" c="red">
          {errors.photos}
        </Text>
      )}
      <Button fullWidth size="md" loading={saving} onClick={() => void submit()}>
        {t('report.save')}
      </Button>
    </Stack>
  );
}
