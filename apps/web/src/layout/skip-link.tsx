import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The id of the staff shell's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** The main region's class: it takes focus from the skip link without drawing an outline around the page. */
export const mainClassName = classes.main;

/**
 * "Skip to main content": the first thing Tab reaches on a staff page, hidden until focused, moving focus past the
 * header and the side menu to the page (WCAG 2.2 success criterion 2.4.1, bypass blocks). The target is the main
 * region (MAIN_CONTENT_ID, tabIndex -1), so the next Tab goes to the page's first control.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        // Focus, not the URL's hash: the router owns the URL and a hash would stay in links copied from the page.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('header.skipToMain')}
    </a>
  );
}
