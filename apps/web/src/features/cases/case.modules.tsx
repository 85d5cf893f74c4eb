import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { formStatusColor } from './case.rules';
import { useStartCaseModule } from './cases.queries';

/**
 * The case's modules in the type's order: each a care form type, marked required or optional, with its form's
 * status. "Start" creates the form for the case's client (cases.startModule) and opens it at /care-forms/{id}; a
 * started module opens its form.
 */
export function CaseModules({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const { can } = useAllowedActions();
  const navigate = useNavigate();
  const start = useStartCaseModule(detail.id);
  const canStart = detail.canWork && can('cases.startModule');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('modules.title')}
        </Title>
        {detail.modules.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('modules.none')}
          </Text>
        )}
        {detail.modules.map((module) => (
          <Group key={module.caseTypeModuleId} justify="space-between" gap="xs" wrap="nowrap">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {module.name}
              </Text>
              <Badge size="sm" variant={module.required ? 'filled' : 'outline'} color={module.required ? 'grape' : 'gray'}>
                {module.required ? t('modules.required') : t('modules.optional')}
              </Badge>
              {module.careFormStatus ? (
                <Badge size="sm" variant="light" color={formStatusColor(module.careFormStatus)}>
                  {t(`formStatus.${module.careFormStatus}`)}
                </Badge>
              ) : (
                <Badge size="sm" variant="light" color="gray">
                  {t('modules.notStarted')}
                </Badge>
              )}
            </Group>
            {module.careFormId !== null ? (
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`/care-forms/${module.careFormId}`}
                leftSection={<IconExternalLink size={14} />}
                aria-label={t('modules.open', { name: module.name })}
              >
                {t('modules.open', { name: module.name })}
              </Button>
            ) : (
              canStart && (
                <Button
                  size="xs"
                  leftSection={<IconPlayerPlay size={14} />}
                  loading={start.isPending && start.variables.caseTypeModuleId === module.caseTypeModuleId}
                  onClick={() =>
                    start.mutate(
                      { id: detail.id, caseTypeModuleId: module.caseTypeModuleId },
                      { onSuccess: ({ careFormId }) => void navigate(`/care-forms/${careFormId}`) },
                    )
                  }
                >
                  {t('modules.start', { name: module.name })}
                </Button>
              )
            )}
          </Group>
        ))}
        {start.isError && (
          <Alert color="red" role="alert" variant="light">
            {errorMessageOf(start.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
