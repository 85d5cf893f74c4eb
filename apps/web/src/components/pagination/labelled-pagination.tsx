import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Pagination with every button named in the shown language ("Page 3", "Next page", ...): its arrow
 * buttons have no text of their own, and a button without a name fails WCAG 2.2 AA (4.1.2). Every paged list uses
 * it instead of Pagination (the notifications list keeps its own "Newer" and "Older").
 */
export function LabelledPagination(props: Omit<PaginationProps, 'getItemProps' | 'getControlProps'>) {
  const { t } = useTranslation('dataTable');
  return (
    <Pagination
      {...props}
      getItemProps={(page) => ({ 'aria-label': t('footer.page', { page }) })}
      getControlProps={(control) => ({ 'aria-label': t(`footer.${control}`) })}
    />
  );
}
