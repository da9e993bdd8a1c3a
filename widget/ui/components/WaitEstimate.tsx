import { plural } from '../i18n/catalogue.js';
import { useCatalogue } from '../i18n/use-catalogue.js';

/** Section 4 rule 7's displayed wait: 'Estimated wait: about 4 minutes' (plural by Intl.PluralRules). */
export function WaitEstimate({ minutes }: { minutes: number }) {
  const { ui, language } = useCatalogue();
  return <p className="cw-wait">{plural(ui.waitEstimate, minutes, language)}</p>;
}
