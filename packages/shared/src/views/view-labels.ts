/**
 * A view's names in the shown language (issue 27), one rule for the staff table (web) and the export (server): a
 * column's label and its options' labels are looked up by their path under the dataTable catalogue's
 * `backendViews.<view>` (`columns.<key>`, `options.<key>.<value>`), each keeping the server's English when the
 * catalogue does not name it.
 */

/** The name at `path` under the view's backendViews in the shown language, else `english`. */
export type ViewWord = (path: string, english: string) => string;

/**
 * `column` with its label and its options' labels worded by `word`; the rest of the column as it was.
 * @param column a view column (key, English label, options with value and English label)
 */
export function localizeColumnLabels<C extends { key: string; label: string; options?: { value: string; label: string }[] }>(
  column: C,
  word: ViewWord,
): C {
  return {
    ...column,
    label: word(`columns.${column.key}`, column.label),
    ...(column.options
      ? { options: column.options.map((o) => ({ ...o, label: word(`options.${column.key}.${o.value}`, o.label) })) }
      : {}),
  };
}
