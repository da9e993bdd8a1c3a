import type { ReactNode } from 'react';
import en from '../../../../widget/ui/i18n/catalogues/i18n-en.js';
import { CatalogueContext } from '../../../../widget/ui/i18n/use-catalogue.js';

/** Components read their texts from the page's catalogue; these tests draw them in English. */
export function English({ children }: { children: ReactNode }) {
  return <CatalogueContext.Provider value={en}>{children}</CatalogueContext.Provider>;
}
