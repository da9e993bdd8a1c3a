import { SITE_PATHS } from './site-paths.js';
import { type SiteLinkOptions, siteLink } from './triage.js';
import { TRIAGE_TEXTS } from './triage-texts.js';

/**
 * Section 2: "Support link sets exist for vehicle ownership, energy product support and
 * account support: relative support paths, contact-us paths with issue and issueSubcategory
 * query parameters, and an account sign-in link." Labels and parameter values are chosen
 * (the spec does not quote them). The triage views show the set of the topic being looked at.
 */
export interface SupportLink {
  label: string;
  href: string;
}

export interface SupportLinkSet {
  id: 'vehicleOwnership' | 'energyProductSupport' | 'accountSupport';
  title: string;
  supportLinks: readonly SupportLink[];
  contactUs: SupportLink;
  signIn: SupportLink;
}

/** The contact-us path of a locale with issue and issueSubcategory, e.g. /de_DE/contact?issue=energy&issueSubcategory=solar-panels. */
export function contactUsPath(
  locale: string,
  issue: string,
  issueSubcategory: string,
  options: SiteLinkOptions = {},
): string {
  const query = `issue=${encodeURIComponent(issue)}&issueSubcategory=${encodeURIComponent(issueSubcategory)}`;
  return `${siteLink(SITE_PATHS.contactUs, locale, options)}?${query}`;
}

export function supportLinkSets(locale: string, options: SiteLinkOptions = {}): readonly SupportLinkSet[] {
  const texts = (options.texts ?? TRIAGE_TEXTS).support;
  const link = (label: string, path: string): SupportLink => ({ label, href: siteLink(path, locale, options) });
  const signIn = link(texts.signIn, SITE_PATHS.accountSignIn);
  const contactUs = (issue: string, subcategory: string): SupportLink => ({
    label: texts.contactUs,
    href: contactUsPath(locale, issue, subcategory, options),
  });
  return [
    {
      id: 'vehicleOwnership',
      title: texts.vehicleOwnership,
      supportLinks: [
        link(texts.vehicleSupport, SITE_PATHS.vehicleSupport),
        link(texts.charging, SITE_PATHS.chargingSupport),
        link(texts.softwareUpdates, SITE_PATHS.softwareUpdatesSupport),
      ],
      contactUs: contactUs('vehicle', 'ownership'),
      signIn,
    },
    {
      id: 'energyProductSupport',
      title: texts.energyProductSupport,
      supportLinks: [
        link(texts.energySupport, SITE_PATHS.energySupport),
        link(texts.solarPanels, SITE_PATHS.solarPanelsSupport),
        link(texts.solarRoof, SITE_PATHS.solarRoofSupport),
      ],
      contactUs: contactUs('energy', 'product-support'),
      signIn,
    },
    {
      id: 'accountSupport',
      title: texts.accountSupport,
      supportLinks: [
        link(texts.accountSupportLink, SITE_PATHS.accountSupport),
        link(texts.payments, SITE_PATHS.paymentsSupport),
      ],
      contactUs: contactUs('account', 'account-support'),
      signIn,
    },
  ];
}
