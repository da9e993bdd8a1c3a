import { createContext, useContext } from 'react';
import type { Catalogue } from './catalogue.js';

/** The page's catalogue, given by the mount (mountWidget's `catalogue`). */
export const CatalogueContext = createContext<Catalogue | null>(null);

export function useCatalogue(): Catalogue {
  const catalogue = useContext(CatalogueContext);
  if (catalogue === null) throw new Error('useCatalogue: no CatalogueContext; the mount provides the page catalogue');
  return catalogue;
}
