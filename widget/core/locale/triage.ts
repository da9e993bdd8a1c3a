import { parseLocale } from './locale-parts.js';
import { showsDeliveryTriage, usesDemoDriveWording } from './regions.js';
import { SITE_PATHS } from './site-paths.js';
import { TRIAGE_TEXTS, type TriageTexts } from './triage-texts.js';
import { localizedPath, siteUrl } from './urls.js';

/**
 * Triage topics and sub-topics as data (section 2, views 3 to 6). The UI renders entries by
 * kind: a link leaves the widget, subTopics opens a sub-topic view, upcomingDelivery opens the
 * delivery help view, chat opens the pre-chat form with the entry's topic.
 */
export type TriageEntry =
  | { kind: 'link'; id: string; label: string; href: string }
  | { kind: 'subTopics'; id: 'vehicle' | 'energy'; label: string }
  | { kind: 'upcomingDelivery'; id: 'upcomingDelivery'; label: string }
  | { kind: 'chat'; id: string; label: string; topic: string };

export interface SiteLinkOptions {
  /**
   * The brand site's host name without suffix ("www.example"): links become absolute on
   * https://{siteName}.com, or .cn for a locale ending in CN. Absent or empty: relative paths.
   */
  siteName?: string;
  /** Labels in the page's language; English by default. */
  texts?: TriageTexts;
}

export interface TriageContext extends SiteLinkOptions {
  locale: string;
  /** Page-level energy flag: Schedule test drive is hidden on energy pages. */
  energyPage: boolean;
}

/** A site path for a locale: localised, and absolute on the brand's .com or .cn site when a site name is set. */
export function siteLink(path: string, locale: string, options: SiteLinkOptions = {}): string {
  return options.siteName ? siteUrl(path, locale, options.siteName) : localizedPath(path, locale);
}

function driveLink(context: TriageContext, label: string, id: string): TriageEntry {
  return { kind: 'link', id, label, href: siteLink(SITE_PATHS.drive, context.locale, context) };
}

/** Section 2, view 3: Vehicle, Energy Products, Account Support (contact-us page), Chat with a Live Agent. */
export function mainTopics(context: TriageContext): TriageEntry[] {
  const texts = (context.texts ?? TRIAGE_TEXTS).main;
  return [
    { kind: 'subTopics', id: 'vehicle', label: texts.vehicle },
    { kind: 'subTopics', id: 'energy', label: texts.energy },
    {
      kind: 'link',
      id: 'accountSupport',
      label: texts.accountSupport,
      href: siteLink(SITE_PATHS.contactUs, context.locale, context),
    },
    { kind: 'chat', id: 'liveAgent', label: texts.liveAgent, topic: '' },
  ];
}

/**
 * Section 2, view 3 variant: Account support, Schedule test drive (hidden on energy pages,
 * 'demo drive' in CA, US, MX, PR), Upcoming delivery (US only), then the sub-topic views.
 */
export function variantTopics(context: TriageContext): TriageEntry[] {
  const { country } = parseLocale(context.locale);
  const texts = (context.texts ?? TRIAGE_TEXTS).variant;
  const entries: TriageEntry[] = [
    {
      kind: 'link',
      id: 'accountSupport',
      label: texts.accountSupport,
      href: siteLink(SITE_PATHS.contactUs, context.locale, context),
    },
  ];
  if (!context.energyPage) {
    const label = usesDemoDriveWording(country) ? texts.scheduleDemoDrive : texts.scheduleTestDrive;
    entries.push(driveLink(context, label, 'scheduleDrive'));
  }
  if (showsDeliveryTriage(country))
    entries.push({ kind: 'upcomingDelivery', id: 'upcomingDelivery', label: texts.upcomingDelivery });
  entries.push(
    { kind: 'subTopics', id: 'vehicle', label: texts.vehicle },
    { kind: 'subTopics', id: 'energy', label: texts.energy },
  );
  return entries;
}

/**
 * Section 2, view 4. Test Drive links to scheduling (with the region's wording); Upcoming
 * Delivery opens the delivery help (US only, section 9); Trade-In and Inventory link to their
 * pages; the rest open the chat form with the sub-topic as topic (chosen).
 */
export function vehicleSubTopics(context: TriageContext): TriageEntry[] {
  const { country } = parseLocale(context.locale);
  const texts = (context.texts ?? TRIAGE_TEXTS).vehicle;
  const entries: TriageEntry[] = [
    driveLink(context, usesDemoDriveWording(country) ? texts.demoDrive : texts.testDrive, 'testDrive'),
    {
      kind: 'link',
      id: 'tradeIn',
      label: texts.tradeIn,
      href: siteLink(SITE_PATHS.tradeIn, context.locale, context),
    },
    {
      kind: 'link',
      id: 'inventory',
      label: texts.inventory,
      href: siteLink(SITE_PATHS.inventory, context.locale, context),
    },
    { kind: 'chat', id: 'placingAnOrder', label: texts.placingAnOrder, topic: 'Placing an order' },
  ];
  if (showsDeliveryTriage(country))
    entries.push({ kind: 'upcomingDelivery', id: 'upcomingDelivery', label: texts.upcomingDelivery });
  entries.push({ kind: 'chat', id: 'serviceAndSupport', label: texts.serviceAndSupport, topic: 'Service and Support' });
  return entries;
}

/** Section 2, view 5: Solar Roof, Solar Panels, Placing an Order, Service and Support (each opens the chat form). */
export function energySubTopics(texts: TriageTexts = TRIAGE_TEXTS): TriageEntry[] {
  const labels = texts.energy;
  const topics: [string, string][] = [
    ['Solar Roof', labels.solarRoof],
    ['Solar Panels', labels.solarPanels],
    ['Placing an Order', labels.placingAnOrder],
    ['Service and Support', labels.serviceAndSupport],
  ];
  return topics.map(([topic, label]) => ({ kind: 'chat', id: `energy:${topic}`, label, topic }));
}

export interface UpcomingDeliveryHelp {
  heading: string;
  description: string;
  /** 'Go to Account': the owner account sign-in. */
  accountLink: { label: string; href: string };
  resources: readonly { label: string; href: string }[];
  /** 'I Still Need Help' leads to the chat form with this topic. */
  stillNeedHelp: { label: string; topic: string };
}

/** Section 2, view 6 (links quoted in the spec; heading and description wording chosen). */
export function upcomingDeliveryHelp(locale: string, options: SiteLinkOptions = {}): UpcomingDeliveryHelp {
  const texts = (options.texts ?? TRIAGE_TEXTS).delivery;
  const link = (label: string, path: string) => ({ label, href: siteLink(path, locale, options) });
  return {
    heading: texts.heading,
    description: texts.description,
    accountLink: link(texts.goToAccount, SITE_PATHS.accountSignIn),
    resources: [
      link(texts.afterTakingDelivery, SITE_PATHS.afterTakingDelivery),
      link(texts.prepareForDelivery, SITE_PATHS.prepareForDelivery),
      link(texts.whatToExpect, SITE_PATHS.takingDelivery),
    ],
    stillNeedHelp: { label: texts.stillNeedHelp, topic: 'Upcoming Delivery' },
  };
}
