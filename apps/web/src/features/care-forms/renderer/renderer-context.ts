import { createContext, useContext } from 'react';
import type { ItemPath } from './enabled-items';
import type { QuestionnaireItem, QuestionnaireResponseItem } from './fhir-types';

/**
 * A change of one list of sibling response items, as a function of the latest list (not of the list the field was
 * rendered with), so answers given in quick succession, or a photo that finishes shrinking after other answers, are
 * never lost.
 */
export type ItemsUpdate = (change: (siblings: QuestionnaireResponseItem[]) => QuestionnaireResponseItem[]) => void;

/** What every field of one rendered form shares. */
export interface RendererSettings {
  /** The whole form is read-only (a completed form, an earlier version). */
  readOnly: boolean;
  /** Problems by linkId, shown under their fields. */
  problems: Readonly<Record<string, string>>;
  /** The phone's layout: tighter spacing. */
  compact: boolean;
  /** Whether the item at a path is shown: false when its enableWhen conditions, or a group's above it, are not met. */
  isEnabled: (path: ItemPath) => boolean;
}

export const RendererContext = createContext<RendererSettings>({
  readOnly: false,
  problems: {},
  compact: false,
  isEnabled: () => true,
});

/** The settings of the form being rendered. */
export function useRendererSettings(): RendererSettings {
  return useContext(RendererContext);
}

/** An item's label: its prefix ("1.", "a)") and its text. */
export function itemLabel(item: QuestionnaireItem): string {
  return [item.prefix, item.text ?? item.linkId].filter((part) => part !== undefined && part !== '').join(' ');
}
