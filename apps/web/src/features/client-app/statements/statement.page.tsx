import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ZStatementMonth, type ClientAppStatement } from '@hearth/shared/client-app/client-app-statements.schema';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import { useTRPC } from '@/api/trpc';
import { formatInstant, formatInstantRange } from '@/format/instant-format';
import { formatMoney } from '@/format/money';
import { ClientAppFrame } from '../client-app.frame';
import { CLIENT_APP } from '../client-app.shell';
import { bytesOfBase64, hoursOf, monthTitle } from './statement-format';

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

/** The PDF as a blob URL, made on demand (the server draws it per request) and revoked when the page closes. */
function PdfButton({ clientId, month }: { clientId: number; month: string }) {
  const { t } = useTranslation('clientAppStatements');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ url: string; fileName: string } | 'loading' | 'failed' | null>(null);
  const url = typeof state === 'object' && state ? state.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  async function make() {
    setState('loading');
    try {
      const file = await queryClient.fetchQuery({
        ...trpc.clientAppGetStatementPdf.queryOptions({ clientId, month }),
        staleTime: 0,
      });
      const made = URL.createObjectURL(new Blob([bytesOfBase64(file.base64)], { type: file.contentType }));
      setState({ url: made, fileName: file.fileName });
      const link = document.createElement('a');
      link.href = made;
      link.download = file.fileName;
      link.click();
    } catch {
      setState('failed');
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button leftSection={<IconDownload size={16} />} onClick={() => void make()} loading={state === 'loading'}>
          {t('pdf')}
        </Button>
        {typeof state === 'object' && state && (
          <Button
            variant="default"
            component="a"
            href={state.url}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('pdfReady')}
          </Button>
        )}
      </Group>
      {state === 'failed' && (
        <Alert color="red" p="xs">
          {t('pdfFailed')}
        </Alert>
      )}
    </Stack>
  );
}

function Line({ line, zone }: { line: ClientAppStatement['lines'][number]; zone: string }) {
  const { t } = useTranslation('clientAppStatements');
  const unit = line.unitMinutes === 60 ? t('hour') : t('minutes', { count: line.unitMinutes });
  return (
    <Stack gap={2} py="sm" px="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{formatInstant(line.startAt, zone, { style: 'weekdayDate' })}</Text>
          <Text size="sm">{formatInstantRange(line.startAt, line.endAt, zone)}</Text>
        </div>
        <Text fw={600} style={NUMBERS}>
          {formatMoney(line.amountCents)}
        </Text>
      </Group>
      <Text size="sm">
        {line.service}
        {line.caregiverFirstName && ` · ${t('with', { name: line.caregiverFirstName })}`}
      </Text>
      <Text size="sm" c="dimmed" style={NUMBERS}>
        {t('hours', { hours: hoursOf(line.minutes) })} ·{' '}
        {t('units', { count: line.units, rate: formatMoney(line.rateCents), unit })}
      </Text>
    </Stack>
  );
}

function Statement({ client, month }: { client: ClientAppClient; month: string }) {
  const { t } = useTranslation('clientAppStatements');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.clientAppGetStatement.queryOptions({ clientId: client.clientId, month }), retry: false });
  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError) return <Alert color={query.error.data?.httpStatus === 404 ? 'gray' : 'red'}>{t('notFound')}</Alert>;
  const s = query.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={3}>{monthTitle(s.month)}</Title>
              <Text size="sm" c="dimmed">
                {`${s.client.firstName} ${s.client.lastName}`} · {t('privatePay')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('agency', { agency: s.agencyName, branch: s.branchName })}
              </Text>
            </div>
            {s.inProgress && (
              <Badge variant="light" color="blue">
                {t('inProgress')}
              </Badge>
            )}
          </Group>
          {s.inProgress && <Text size="sm">{t('inProgressHint')}</Text>}
          <Divider />
          <Group justify="space-between" align="baseline">
            <Text fw={500}>{t('total')}</Text>
            <Text fw={700} size="xl" style={NUMBERS}>
              {formatMoney(s.totalCents)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('visits', { count: s.visits })} · {t('hours', { hours: hoursOf(s.totalMinutes) })}
          </Text>
          <PdfButton clientId={client.clientId} month={s.month} />
        </Stack>
      </Paper>
      <Title order={4} size="h5">
        {t('visitsTitle')}
      </Title>
      <Paper withBorder radius="md">
        {s.lines.map((line, i) => (
          <div key={line.shiftId}>
            {i > 0 && <Divider />}
            <Line line={line} zone={s.timezone} />
          </div>
        ))}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('amountsNote')}
      </Text>
    </Stack>
  );
}

/**
 * /client-mobile-app/statements/{month} (issue "client and family app" item 5): one month's private-pay statement
 * of the shown client (clientAppGetStatement): the total, each visit with its day and times in the client's zone,
 * service, caregiver's first name, hours, units and rate, and the PDF (clientAppGetStatementPdf). The route's id is
 * the month, YYYY-MM. Needs the statements permission.
 */
export function ClientStatementPage() {
  const { t } = useTranslation('clientAppStatements');
  const month = useParams().statementId ?? '';
  const valid = ZStatementMonth.safeParse(month).success;
  return (
    <ClientAppFrame title={t('title')} permission="statements">
      {(client) => (
        <Stack gap="md">
          <Anchor component={Link} to={`${CLIENT_APP}/statements`} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} />
              {t('back')}
            </Group>
          </Anchor>
          {valid ? <Statement client={client} month={month} /> : <Alert color="gray">{t('notFound')}</Alert>}
        </Stack>
      )}
    </ClientAppFrame>
  );
}
