import { Alert, Badge, Group, Loader, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import { useTRPC } from '@/api/trpc';
import { formatMoney } from '@/format/money';
import { ClientAppFrame } from '../client-app.frame';
import { CLIENT_APP } from '../client-app.shell';
import { monthTitle } from './statement-format';

/** An honest empty state: a title and why. */
function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconReceipt size={24} stroke={1.5} aria-hidden />
        <Stack gap={4}>
          <Text fw={500}>{title}</Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function StatementList({ client }: { client: ClientAppClient }) {
  const { t } = useTranslation('clientAppStatements');
  const trpc = useTRPC();
  const list = useQuery(trpc.clientAppGetStatements.queryOptions({ clientId: client.clientId }));
  if (list.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (list.isError) return <Alert color="red">{t('failed')}</Alert>;
  const { privatePay, statements } = list.data;
  if (!privatePay)
    return (
      <Empty title={t('notPrivatePay', { name: client.firstName })} hint={t('notPrivatePayHint', { name: client.firstName })} />
    );
  if (statements.length === 0) return <Empty title={t('none')} hint={t('noneHint')} />;
  return (
    <Paper withBorder radius="md" component="nav" aria-label={t('listLabel')}>
      {statements.map((s) => (
        <NavLink
          key={s.month}
          component={Link}
          to={`${CLIENT_APP}/statements/${s.month}`}
          py="sm"
          label={
            <Group gap="xs">
              <Text fw={600}>{monthTitle(s.month)}</Text>
              {s.inProgress && (
                <Badge size="sm" variant="light" color="blue">
                  {t('inProgress')}
                </Badge>
              )}
            </Group>
          }
          description={t('visits', { count: s.visits })}
          rightSection={
            <Group gap={6} wrap="nowrap">
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(s.totalCents)}
              </Text>
              <IconChevronRight size={16} aria-hidden />
            </Group>
          }
        />
      ))}
    </Paper>
  );
}

/**
 * /client-mobile-app/statements (issue "client and family app" item 5): the private-pay statements of the shown
 * client by month, newest first, each with its visits and total (clientAppGetStatements); a client whose care is
 * not paid privately is told why there are none. Needs the statements permission.
 */
export function ClientStatementsPage() {
  const { t } = useTranslation('clientAppStatements');
  return (
    <ClientAppFrame title={t('title')} permission="statements">
      {(client) => <StatementList client={client} />}
    </ClientAppFrame>
  );
}
