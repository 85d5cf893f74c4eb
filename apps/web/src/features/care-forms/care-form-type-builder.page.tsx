import { Alert, Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { BuilderWorkspace } from './builder/builder-workspace';
import { QuestionnaireForm } from './renderer/questionnaire-form';

/**
 * /care-forms/care-form-types/{id} (issue 23 item 1): the builder of one version of a care form type. A Company
 * Admin adds, nests, reorders and edits items, previews the form as the filler sees it and saves (a version forms
 * use is saved as a new version); other staff who may read types see it read-only, with the preview and exports.
 */
export function CareFormTypeBuilderPage() {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const rawId = useParams().id ?? '';
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const type = useQuery({ ...trpc.careFormTypes.detail.queryOptions({ id }), enabled: valid });
  const { can, loading } = useAllowedActions();

  let content;
  if (!valid || httpStatusOf(type.error) === 404 || httpStatusOf(type.error) === 400) {
    content = <Alert color="red">{t('builder.notFound', { id: rawId })}</Alert>;
  } else if (type.isError) {
    content = <Alert color="red">{errorMessageOf(type.error)}</Alert>;
  } else if (!type.data || loading) {
    content = <Loader size="sm" aria-label={t('builder.loading')} />;
  } else {
    content = (
      <>
        <Title order={2}>{type.data.name}</Title>
        <BuilderWorkspace
          key={type.data.id}
          type={type.data}
          canDesign={can('careFormTypes.update')}
          previewForm={QuestionnaireForm}
        />
      </>
    );
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/care-forms/care-form-types" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('builder.back')}
        </Group>
      </Anchor>
      {content}
    </Stack>
  );
}
