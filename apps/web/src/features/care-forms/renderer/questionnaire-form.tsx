import { useLayoutEffect, useMemo, useRef } from 'react';
import { Button, CloseButton, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { childPath, enabledPredicate, type ItemPath } from './enabled-items';
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItem } from './fhir-types';
import { DisplayItem, QuestionItem } from './questionnaire-form.question';
import { itemLabel, RendererContext, useRendererSettings, type ItemsUpdate, type RendererSettings } from './renderer-context';
import {
  answersOf,
  shownInstances,
  withAnswers,
  withGroupChildren,
  withGroupInstanceAdded,
  withGroupInstanceRemoved,
} from './response-items';

/** The props of QuestionnaireForm: the renderer's contract with the staff pages, the builder's preview and the phone. */
export interface QuestionnaireFormProps {
  /** The care form type's definition (FHIR R4 Questionnaire of the supported subset). */
  questionnaire: Questionnaire;
  /** The answers so far: QuestionnaireResponse.item. */
  items: QuestionnaireResponseItem[];
  /** Called with the whole new items array on every change. */
  onChange: (items: QuestionnaireResponseItem[]) => void;
  /** Show the answers without letting them change (a completed form, an earlier version). */
  readOnly?: boolean;
  /** Problems by linkId (from validateResponse or the server's field errors), shown under their fields. */
  problems?: Record<string, string>;
  /** The phone's layout: tighter spacing. */
  compact?: boolean;
}

/** The items of one list of siblings, those whose enableWhen is not met left out. */
function ItemList(props: {
  definition: QuestionnaireItem[];
  items: QuestionnaireResponseItem[];
  update: ItemsUpdate;
  /** The path of the group instance holding these items ([] at the top). */
  path: ItemPath;
}) {
  const { definition, items, update, path } = props;
  const { isEnabled } = useRendererSettings();
  return definition
    .filter((item) => isEnabled(childPath(path, item.linkId)))
    .map((item) => <ItemView key={item.linkId} item={item} definition={definition} items={items} update={update} path={path} />);
}

/** One item among its siblings: a group, a display text or a question, wrapped with its linkId for tests. */
function ItemView(props: {
  item: QuestionnaireItem;
  definition: QuestionnaireItem[];
  items: QuestionnaireResponseItem[];
  update: ItemsUpdate;
  path: ItemPath;
}) {
  const { item, definition, items, update } = props;
  let body;
  if (item.type === 'group') body = <GroupItem {...props} />;
  else if (item.type === 'display') body = <DisplayItem item={item} />;
  else {
    body = (
      <QuestionItem
        item={item}
        answers={answersOf(items, item)}
        onAnswers={(answers) => update((siblings) => withAnswers(siblings, definition, item, answers))}
      />
    );
  }
  return (
    <div data-link-id={item.linkId} data-item-type={item.type}>
      {body}
    </div>
  );
}

/**
 * A group: its items in a fieldset titled with its text. A repeating group shows each instance (at least one) with
 * a remove button when there are several, and "Add another" after them.
 */
function GroupItem(props: {
  item: QuestionnaireItem;
  definition: QuestionnaireItem[];
  items: QuestionnaireResponseItem[];
  update: ItemsUpdate;
  path: ItemPath;
}) {
  const { item, definition, items, update, path } = props;
  const { t } = useTranslation('careForms');
  const { readOnly, compact, problems } = useRendererSettings();
  const label = itemLabel(item);
  const instances = shownInstances(items, item);
  const children = item.item ?? [];
  const problem = problems[item.linkId];
  return (
    <Stack gap="xs">
      {instances.map((instance, index) => {
        const updateInstance: ItemsUpdate = (change) =>
          update((siblings) =>
            withGroupChildren(siblings, definition, item, index, change(shownInstances(siblings, item)[index]?.item ?? [])),
          );
        const title = item.repeats && instances.length > 1 ? t('renderer.instance', { label, number: index + 1 }) : label;
        return (
          <Fieldset
            key={index}
            p={compact ? 'sm' : 'md'}
            legend={
              <Group gap={4} wrap="nowrap">
                <Text fw={600} size="sm">
                  {title}
                  {item.required && index === 0 && (
                    <Text span c="red" aria-hidden>
                      {' *'}
                    </Text>
                  )}
                </Text>
                {item.repeats && !readOnly && instances.length > 1 && (
                  <CloseButton
                    size="sm"
                    aria-label={t('renderer.removeOf', { label, number: index + 1 })}
                    onClick={() => update((siblings) => withGroupInstanceRemoved(siblings, definition, item, index))}
                  />
                )}
              </Group>
            }
          >
            <Stack gap={compact ? 'sm' : 'md'}>
              <ItemList
                definition={children}
                items={instance.item ?? []}
                update={updateInstance}
                path={childPath(path, item.linkId, index)}
              />
            </Stack>
          </Fieldset>
        );
      })}
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
      {item.repeats && !readOnly && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            aria-label={t('renderer.addAnotherOf', { label })}
            onClick={() => update((siblings) => withGroupInstanceAdded(siblings, definition, item))}
          >
            {t('renderer.addAnother')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The one care form renderer (issue 23 item 2; design "Renderer contract"): a FHIR R4 Questionnaire of the
 * supported subset rendered with Mantine for the staff web, the builder's preview and the phone (`compact`), its
 * answers read from and handed up as QuestionnaireResponse items.
 * - Groups are fieldsets; a repeating group adds and removes instances. Display items are text.
 * - string, text (maxLength enforced), boolean (Yes/No), integer, decimal, date, dateTime and time (the browser's
 *   own pickers), choice (radio buttons up to RADIO_MAX_OPTIONS options, else a select; checkboxes or a
 *   multi-select when it repeats), open-choice (an option or typed text), attachment (a photo, shrunk to at most
 *   1600 px JPEG inline) and signature (the shared signature pad, a PNG).
 * - Required items are marked; readOnly items, and the whole form with `readOnly`, cannot change; items whose
 *   enableWhen is not met are hidden (their answers are kept here and dropped by the server on completion).
 * - `problems` (by linkId) show under their fields. Every input is labelled with its item's text.
 * @returns the rendered form; `onChange` receives the whole new items array (empty group instances the person
 *   added included: compactResponseItems drops them before saving)
 */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const { questionnaire, items, onChange, readOnly = false, problems, compact = false } = props;
  const { t } = useTranslation('careForms');
  // The latest answers, for changes made before the parent re-renders (quick answers, a photo done shrinking).
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  }, [items]);
  const isEnabled = useMemo(() => enabledPredicate(questionnaire, items), [questionnaire, items]);
  const settings = useMemo<RendererSettings>(
    () => ({ readOnly, problems: problems ?? {}, compact, isEnabled }),
    [readOnly, problems, compact, isEnabled],
  );
  const update: ItemsUpdate = (change) => {
    const next = change(latest.current);
    latest.current = next;
    onChange(next);
  };
  const top = questionnaire.item ?? [];
  return (
    <RendererContext.Provider value={settings}>
      <Stack gap={compact ? 'sm' : 'md'} data-questionnaire-form="true">
        {top.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('renderer.empty')}
          </Text>
        ) : (
          <ItemList definition={top} items={items} update={update} path={[]} />
        )}
      </Stack>
    </RendererContext.Provider>
  );
}
