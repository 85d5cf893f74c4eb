import { useState } from 'react';
import { Alert, Anchor, Grid, List, Stack, Tabs, Text } from '@mantine/core';
import { IconEye, IconHierarchy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { BuilderHeader } from './builder-header';
import { BuilderPreview, type PreviewForm } from './builder-preview';
import { BuilderTree } from './builder-tree';
import { CallProblemsAlert } from './call-problems.alert';
import { ItemProperties } from './item-properties';
import { findItem } from './questionnaire-tree';
import { problemsOf } from './type-files';
import { UnsavedGuard } from './unsaved-guard';
import { useTypeBuilder, type TypeBuilder } from './use-type-builder';

type BuilderTab = 'build' | 'preview';

/** The problems to fix before saving, each naming its item and selecting it when clicked. */
function ProblemList({ builder }: { builder: TypeBuilder }) {
  const { t } = useTranslation('careFormBuilder');
  if (builder.problems.length === 0) return null;
  return (
    <Alert color="yellow" title={t('problems.title')}>
      <List size="sm" spacing={2}>
        {builder.problems.map(({ linkId, message }, index) => {
          const item = linkId === null ? undefined : findItem(builder.items, linkId);
          return (
            <List.Item key={index}>
              {item ? (
                <Anchor component="button" type="button" fz="sm" ta="start" onClick={() => builder.select(item.linkId)}>
                  {message}
                </Anchor>
              ) : (
                message
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

/**
 * One version of a type in the builder: the header (settings, save, status, exports), then the Build tab (the
 * outline of items beside the selected item's properties) and the Preview tab (the form as the filler sees it).
 * Keyed by the version's id by its page, so a new version starts from what the server saved.
 * @param previewForm the renderer the preview uses (QuestionnaireForm)
 */
export function BuilderWorkspace(props: { type: CareFormTypeDetail; canDesign: boolean; previewForm: PreviewForm }) {
  const { type, canDesign, previewForm } = props;
  const { t } = useTranslation('careFormBuilder');
  const builder = useTypeBuilder(type);
  const [tab, setTab] = useState<BuilderTab>('build');
  const readOnly = !canDesign;
  const item = builder.selectedItem;
  return (
    <Stack gap="md">
      <BuilderHeader type={type} builder={builder} canDesign={canDesign} />
      <UnsavedGuard dirty={builder.dirty} />
      {builder.save.isError && <CallProblemsAlert title={t('save.refused')} problems={problemsOf(builder.save.error)} />}
      {canDesign && <ProblemList builder={builder} />}
      <Tabs value={tab} onChange={(value) => setTab((value as BuilderTab | null) ?? 'build')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="build" leftSection={<IconHierarchy size={16} />}>
            {t('tabs.build')}
          </Tabs.Tab>
          <Tabs.Tab value="preview" leftSection={<IconEye size={16} />}>
            {t('tabs.preview')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="build" pt="md">
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <BuilderTree builder={builder} readOnly={readOnly} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              {item ? (
                <ItemProperties key={item.linkId} builder={builder} item={item} readOnly={readOnly} />
              ) : (
                <Text size="sm" c="dimmed" pt="sm">
                  {t('properties.none')}
                </Text>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <BuilderPreview
            questionnaire={{ ...type.definition, title: builder.settings.name, item: builder.items }}
            Form={previewForm}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
