import { SITE_PATHS } from './site-paths.js';
import { localizedPath } from './urls.js';

/**
 * Section 2: "Support link sets exist for vehicle ownership, energy product support and
 * account support: relative support paths, contact-us paths with issue and issueSubcategory
 * query parameters, and an account sign-in link." Labels and parameter values are chosen
 * (the spec does not quote them).
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
export function contactUsPath(locale: string, issue: string, issueSubcategory: string): string {
  const query = `issue=${encodeURIComponent(issue)}&issueSubcategory=${encodeURIComponent(issueSubcategory)}`;
  return `${localizedPath(SITE_PATHS.contactUs, locale)}?${query}`;
}

export function supportLinkSets(locale: string): readonly SupportLinkSet[] {
  const link = (label: string, path: string): SupportLink => ({ label, href: localizedPath(path, locale) });
  const signIn = link('Sign In', SITE_PATHS.accountSignIn);
  return [
    {
      id: 'vehicleOwnership',
      title: 'Vehicle Ownership',
      supportLinks: [
        link('Vehicle Support', SITE_PATHS.vehicleSupport),
        link('Charging', SITE_PATHS.chargingSupport),
        link('Software Updates', SITE_PATHS.softwareUpdatesSupport),
      ],
      contactUs: { label: 'Contact Us', href: contactUsPath(locale, 'vehicle', 'ownership') },
      signIn,
    },
    {
      id: 'energyProductSupport',
      title: 'Energy Product Support',
      supportLinks: [
        link('Energy Support', SITE_PATHS.energySupport),
        link('Solar Panels', SITE_PATHS.solarPanelsSupport),
        link('Solar Roof', SITE_PATHS.solarRoofSupport),
      ],
      contactUs: { label: 'Contact Us', href: contactUsPath(locale, 'energy', 'product-support') },
      signIn,
    },
    {
      id: 'accountSupport',
      title: 'Account Support',
      supportLinks: [link('Account Support', SITE_PATHS.accountSupport), link('Payments', SITE_PATHS.paymentsSupport)],
      contactUs: { label: 'Contact Us', href: contactUsPath(locale, 'account', 'account-support') },
      signIn,
    },
  ];
}
