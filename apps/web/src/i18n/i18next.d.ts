import 'i18next';
import type { CATALOGUES } from '@hearth/shared/i18n/languages';

// Type-safe keys: `t('...')` accepts only keys of the English catalogues, and their interpolation values.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'caregiverApp';
    resources: (typeof CATALOGUES)['en'];
  }
}
