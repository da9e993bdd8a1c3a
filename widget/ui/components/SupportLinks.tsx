import type { SupportLinkSet } from '../../core/locale/index.js';
import { useCatalogue } from '../i18n/use-catalogue.js';

/** A support link set (section 2): the support pages, contact us (with its issue) and sign in, as plain links. */
export function SupportLinks({ set }: { set: SupportLinkSet }) {
  const { triage, ui } = useCatalogue();
  const links = [...set.supportLinks, set.contactUs, set.signIn];
  return (
    <section className="cw-support" aria-labelledby="cw-support-heading">
      <h4 id="cw-support-heading" className="cw-support__heading">
        {triage.support.heading}: {set.title}
      </h4>
      <ul className="cw-support__links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="cw-visually-hidden"> {ui.opensInNewTab}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
