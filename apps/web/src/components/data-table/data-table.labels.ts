import type { i18n as I18n } from 'i18next';
import type { BackendViewMeta } from '@hearth/shared/views/views.schema';
import { localizeColumnLabels } from '@hearth/shared/views/view-labels';

/**
 * A backend view's metadata in the shown language (issue 27): the server names a view's columns and options in English
 * (its view definitions); the dataTable catalogue's `backendViews.<view>` holds their translations, by column key and option
 * value. A column, an option or a view the catalogue does not name keeps the server's English label, so a new column
 * shows at once and is translated by adding its key.
 * @param meta the view's metadata as getBackendView answers it
 * @param i18n the i18next instance, in the language to show
 * @returns the same metadata with the view's label, its columns' labels and their options' labels translated
 */
export function localizeViewMeta(meta: BackendViewMeta, i18n: I18n): BackendViewMeta {
  const base = `dataTable:backendViews.${meta.name}`;
  const label = (key: string, english: string) => (i18n.exists(`${base}.${key}`) ? i18n.t(`${base}.${key}` as never) : english);
  return {
    ...meta,
    label: label('label', meta.label),
    columns: meta.columns.map((column) => localizeColumnLabels(column, label)),
  };
}

/**
 * A view's rows named in running text ("Search {{noun}}", "No {{noun}} yet"): its label in lower case, but for a word
 * written in capitals (an acronym: "ADP", "EVV"), which stays as it is.
 * @param label the view's label in the shown language, e.g. "ADP employees" or "Empleados de ADP"
 * @returns the noun, e.g. "ADP employees" or "empleados de ADP"
 */
export function rowsNoun(label: string): string {
  return label
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase() ? word : word.toLowerCase()))
    .join(' ');
}
