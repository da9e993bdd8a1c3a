import type { UpcomingDeliveryHelp } from '../../core/locale/index.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { VIEW_FOCUS } from '../use-view-focus.js';

export interface DeliveryHelpProps {
  help: UpcomingDeliveryHelp;
  onStillNeedHelp: () => void;
}

/** Upcoming-delivery help: account login, resource links, and 'I Still Need Help' to the chat form. */
export function DeliveryHelp({ help, onStillNeedHelp }: DeliveryHelpProps) {
  const { triage, ui } = useCatalogue();
  return (
    <section className="cw-delivery" aria-labelledby="cw-delivery-heading">
      <h3 id="cw-delivery-heading" className="cw-delivery__heading" tabIndex={-1} {...VIEW_FOCUS}>
        {help.heading}
      </h3>
      <p className="cw-delivery__text">{help.description}</p>
      <a className="cw-btn cw-btn--primary" href={help.accountLink.href} target="_blank" rel="noopener noreferrer">
        {help.accountLink.label}
        <span className="cw-visually-hidden"> {ui.opensInNewTab}</span>
      </a>
      <h4 className="cw-delivery__subheading">{triage.delivery.additionalResources}</h4>
      <ul className="cw-delivery__links">
        {help.resources.map((resource) => (
          <li key={resource.href}>
            <a href={resource.href} target="_blank" rel="noopener noreferrer">
              {resource.label}
              <span className="cw-visually-hidden"> {ui.opensInNewTab}</span>
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className="cw-link-btn" onClick={onStillNeedHelp}>
        {help.stillNeedHelp.label}
      </button>
    </section>
  );
}
