import { parseLocale } from './locale-parts.js';
import { showsDeliveryTriage, usesDemoDriveWording } from './regions.js';
import { SITE_PATHS } from './site-paths.js';
import { localizedPath } from './urls.js';

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

export interface TriageContext {
  locale: string;
  /** Page-level energy flag: Schedule test drive is hidden on energy pages. */
  energyPage: boolean;
}

function driveLink(context: TriageContext, label: string, id: string): TriageEntry {
  return { kind: 'link', id, label, href: localizedPath(SITE_PATHS.drive, context.locale) };
}

/** Section 2, view 3: Vehicle, Energy Products, Account Support (contact-us page), Chat with a Live Agent. */
export function mainTopics(context: TriageContext): TriageEntry[] {
  return [
    { kind: 'subTopics', id: 'vehicle', label: 'Vehicle' },
    { kind: 'subTopics', id: 'energy', label: 'Energy Products' },
    {
      kind: 'link',
      id: 'accountSupport',
      label: 'Account Support',
      href: localizedPath(SITE_PATHS.contactUs, context.locale),
    },
    { kind: 'chat', id: 'liveAgent', label: 'Chat with a Live Agent', topic: '' },
  ];
}

/**
 * Section 2, view 3 variant: Account support, Schedule test drive (hidden on energy pages,
 * 'demo drive' in CA, US, MX, PR), Upcoming delivery (US only), then the sub-topic views.
 */
export function variantTopics(context: TriageContext): TriageEntry[] {
  const { country } = parseLocale(context.locale);
  const entries: TriageEntry[] = [
    {
      kind: 'link',
      id: 'accountSupport',
      label: 'Account support',
      href: localizedPath(SITE_PATHS.contactUs, context.locale),
    },
  ];
  if (!context.energyPage) {
    const label = usesDemoDriveWording(country) ? 'Schedule demo drive' : 'Schedule test drive';
    entries.push(driveLink(context, label, 'scheduleDrive'));
  }
  if (showsDeliveryTriage(country))
    entries.push({ kind: 'upcomingDelivery', id: 'upcomingDelivery', label: 'Upcoming delivery' });
  entries.push(
    { kind: 'subTopics', id: 'vehicle', label: 'Vehicle' },
    { kind: 'subTopics', id: 'energy', label: 'Energy Products' },
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
  const entries: TriageEntry[] = [
    driveLink(context, usesDemoDriveWording(country) ? 'Demo Drive' : 'Test Drive', 'testDrive'),
    { kind: 'link', id: 'tradeIn', label: 'Trade-In', href: localizedPath(SITE_PATHS.tradeIn, context.locale) },
    { kind: 'link', id: 'inventory', label: 'Inventory', href: localizedPath(SITE_PATHS.inventory, context.locale) },
    { kind: 'chat', id: 'placingAnOrder', label: 'Placing an order', topic: 'Placing an order' },
  ];
  if (showsDeliveryTriage(country))
    entries.push({ kind: 'upcomingDelivery', id: 'upcomingDelivery', label: 'Upcoming Delivery' });
  entries.push({ kind: 'chat', id: 'serviceAndSupport', label: 'Service and Support', topic: 'Service and Support' });
  return entries;
}

/** Section 2, view 5: Solar Roof, Solar Panels, Placing an Order, Service and Support (each opens the chat form). */
export function energySubTopics(): TriageEntry[] {
  return ['Solar Roof', 'Solar Panels', 'Placing an Order', 'Service and Support'].map((label) => ({
    kind: 'chat',
    id: `energy:${label}`,
    label,
    topic: label,
  }));
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
export function upcomingDeliveryHelp(locale: string): UpcomingDeliveryHelp {
  const link = (label: string, path: string) => ({ label, href: localizedPath(path, locale) });
  return {
    heading: 'Upcoming Delivery',
    description: 'Find your delivery details and what to prepare in your account.',
    accountLink: link('Go to Account', SITE_PATHS.accountSignIn),
    resources: [
      link('After Taking Delivery', SITE_PATHS.afterTakingDelivery),
      link('Prepare For Delivery', SITE_PATHS.prepareForDelivery),
      link('What to Expect on Delivery Day', SITE_PATHS.takingDelivery),
    ],
    stillNeedHelp: { label: 'I Still Need Help', topic: 'Upcoming Delivery' },
  };
}
