import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORTS, type ReportEntry } from './reports.catalog';

/** One report's card: its title (a link once built, else a "Coming soon" badge) and what it shows. */
function ReportCard({ report }: { report: ReportEntry }) {
  const { t } = useTranslation('reports');
  return (
    <Paper withBorder p="md" radius="md" aria-label={report.title} component="section">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {report.view ? (
            <Anchor component={Link} to={`/reports/${report.slug}`} fw={500}>
              {report.title}
            </Anchor>
          ) : (
            <Text fw={500} c="dimmed">
              {report.title}
            </Text>
          )}
          {!report.view && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t('reports.comingSoon')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {report.description}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /reports: every report with what it shows; built ones link to their page, the others say coming soon. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {REPORTS.map((r) => (
          <ReportCard key={r.slug} report={r} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
