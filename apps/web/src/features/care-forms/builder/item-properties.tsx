import { useState } from 'react';
import { NumberInput, Paper, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnswerOptionsEditor } from './answer-options.editor';
import { EnableWhenEditor } from './enable-when.editor';
import { initialValue, kindOf, propertiesOf, withInitial, withProperty, type InitialField } from './item-kinds';
import { linkIdProblem, type QItem } from './questionnaire-tree';
import type { TypeBuilder } from './use-type-builder';

/** The item's linkId, edited as a draft and applied on blur or Enter when it is free (conditions follow it). */
function LinkIdInput({ builder, item, readOnly }: { builder: TypeBuilder; item: QItem; readOnly: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  const [draft, setDraft] = useState(item.linkId);
  const problem = linkIdProblem(builder.items, item.linkId, draft);
  const apply = () => {
    if (problem === null && draft !== item.linkId) builder.rename(item.linkId, draft);
  };
  return (
    <TextInput
      label={t('properties.linkId')}
      description={t('properties.linkIdHelp')}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => event.key === 'Enter' && apply()}
      error={problem && t(`linkIdProblems.${problem}`)}
      readOnly={readOnly}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}

/** "HH:mm" of a time input as FHIR's time ("HH:mm:ss"), and back. */
const toFhirTime = (value: string) => (/^\d\d:\d\d$/.test(value) ? `${value}:00` : value);
const fromFhirTime = (value: string) => value.slice(0, 5);

/** The initial answer's input for the item's initial[x] field. */
function InitialInput(props: { item: QItem; field: InitialField; onChange: (item: QItem) => void; readOnly: boolean }) {
  const { item, field, onChange, readOnly } = props;
  const { t } = useTranslation('careFormBuilder');
  const value = initialValue(item, field);
  const set = (next: string | number | boolean | undefined) => onChange(withInitial(item, field, next));
  const common = { label: t('properties.initial'), description: t('properties.initialHelp'), readOnly };
  switch (field) {
    case 'valueBoolean':
      return (
        <Select
          {...common}
          data={[
            { value: 'true', label: t('values.yes') },
            { value: 'false', label: t('values.no') },
          ]}
          value={value === undefined ? null : String(value)}
          onChange={(next) => set(next === null ? undefined : next === 'true')}
          clearable
          placeholder={t('values.none')}
        />
      );
    case 'valueInteger':
    case 'valueDecimal':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => set(typeof next === 'number' ? next : undefined)}
          allowDecimal={field === 'valueDecimal'}
        />
      );
    case 'valueDate':
    case 'valueTime':
      return (
        <TextInput
          {...common}
          type={field === 'valueDate' ? 'date' : 'time'}
          value={typeof value === 'string' ? (field === 'valueTime' ? fromFhirTime(value) : value) : ''}
          onChange={(event) => set(field === 'valueTime' ? toFhirTime(event.currentTarget.value) : event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
  }
}

/**
 * The selected item's properties (issue 23 item 1): its text, linkId, the flags its kind allows (required, repeats,
 * read-only), the longest answer, the initial answer, a choice's options and the enableWhen conditions.
 */
export function ItemProperties({ builder, item, readOnly }: { builder: TypeBuilder; item: QItem; readOnly: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  const kind = kindOf(item);
  const offers = propertiesOf(kind);
  const change = (next: QItem) => builder.edit(item.linkId, () => next);
  const flag = (key: 'required' | 'repeats' | 'readOnly', show: boolean) =>
    show && (
      <Switch
        label={t(`properties.${key}`)}
        description={t(`properties.${key}Help`)}
        checked={item[key] === true}
        onChange={(event) => change(withProperty(item, key, event.currentTarget.checked))}
        disabled={readOnly}
      />
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('properties.title')}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('properties.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`kinds.${kind}`)}
          </Text>
        </div>
        <Textarea
          label={kind === 'group' ? t('properties.heading') : t('properties.text')}
          value={item.text ?? ''}
          onChange={(event) => change(withProperty(item, 'text', event.currentTarget.value))}
          autosize
          minRows={1}
          maxRows={6}
          readOnly={readOnly}
        />
        <LinkIdInput key={item.linkId} builder={builder} item={item} readOnly={readOnly} />
        {flag('required', offers.required)}
        {flag('repeats', offers.repeats)}
        {flag('readOnly', offers.readOnly)}
        {offers.maxLength && (
          <NumberInput
            label={t('properties.maxLength')}
            description={t('properties.maxLengthHelp')}
            value={item.maxLength ?? ''}
            onChange={(next) => change(withProperty(item, 'maxLength', typeof next === 'number' && next > 0 ? next : undefined))}
            min={1}
            max={100_000}
            allowDecimal={false}
            readOnly={readOnly}
            w={{ base: '100%', xs: 220 }}
          />
        )}
        {offers.initial && <InitialInput item={item} field={offers.initial} onChange={change} readOnly={readOnly} />}
        {offers.answerOptions && <AnswerOptionsEditor item={item} onChange={change} readOnly={readOnly} />}
        <EnableWhenEditor builder={builder} item={item} readOnly={readOnly} />
      </Stack>
    </Paper>
  );
}
