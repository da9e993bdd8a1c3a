import { describe, expect, it } from 'vitest';
import {
  contactUsPath,
  energySubTopics,
  mainTopics,
  SITE_PATHS,
  supportLinkSets,
  upcomingDeliveryHelp,
  variantTopics,
  vehicleSubTopics,
} from '../../../widget/core/locale/index.js';

const labels = (entries: readonly { label: string }[]) => entries.map((entry) => entry.label);

describe('§2 triage main topics', () => {
  it('§2 main topics: Vehicle, Energy Products, Account Support (contact-us link of the locale), Chat with a Live Agent', () => {
    const topics = mainTopics({ locale: 'de-DE', energyPage: false });
    expect(labels(topics)).toEqual(['Vehicle', 'Energy Products', 'Account Support', 'Chat with a Live Agent']);
    expect(topics[2]).toEqual({ kind: 'link', id: 'accountSupport', label: 'Account Support', href: '/de_DE/contact' });
    expect(topics[0]).toMatchObject({ kind: 'subTopics', id: 'vehicle' });
    expect(topics[3]).toMatchObject({ kind: 'chat' });
  });
});

describe('§2 triage variant', () => {
  it('§2 variant in the US: Account support, Schedule demo drive (drive page), Upcoming delivery, then the sub-topic views', () => {
    const topics = variantTopics({ locale: 'en-US', energyPage: false });
    expect(labels(topics)).toEqual([
      'Account support',
      'Schedule demo drive',
      'Upcoming delivery',
      'Vehicle',
      'Energy Products',
    ]);
    expect(topics[1]).toMatchObject({ kind: 'link', href: SITE_PATHS.drive });
    expect(topics[2]).toMatchObject({ kind: 'upcomingDelivery' });
  });

  it.each(['en-CA', 'es-MX', 'es-PR'])(
    "§2 Schedule test drive uses 'demo drive' wording in %s, without delivery triage",
    (locale) => {
      const topics = variantTopics({ locale, energyPage: false });
      expect(labels(topics)).toContain('Schedule demo drive');
      expect(topics.some((topic) => topic.kind === 'upcomingDelivery')).toBe(false);
    },
  );

  it("§2 Schedule test drive keeps 'test drive' wording elsewhere and links to the locale's drive page", () => {
    const topics = variantTopics({ locale: 'en-GB', energyPage: false });
    expect(topics.find((topic) => topic.id === 'scheduleDrive')).toEqual({
      kind: 'link',
      id: 'scheduleDrive',
      label: 'Schedule test drive',
      href: '/en_GB/drive',
    });
  });

  it('§2 Schedule test drive is hidden on energy pages', () => {
    expect(labels(variantTopics({ locale: 'en-US', energyPage: true }))).toEqual([
      'Account support',
      'Upcoming delivery',
      'Vehicle',
      'Energy Products',
    ]);
  });
});

describe('§2 sub-topics', () => {
  it('§2 vehicle sub-topics: Test Drive (scheduling link), Trade-In, Inventory, Placing an order, Upcoming Delivery, Service and Support', () => {
    const topics = vehicleSubTopics({ locale: 'en-US', energyPage: false });
    expect(labels(topics)).toEqual([
      'Demo Drive',
      'Trade-In',
      'Inventory',
      'Placing an order',
      'Upcoming Delivery',
      'Service and Support',
    ]);
    expect(topics[0]).toMatchObject({ kind: 'link', href: '/drive' });
    expect(topics[3]).toEqual({
      kind: 'chat',
      id: 'placingAnOrder',
      label: 'Placing an order',
      topic: 'Placing an order',
    });
  });

  it('§9 vehicle sub-topics outside the US: Test Drive wording, no Upcoming Delivery', () => {
    const topics = vehicleSubTopics({ locale: 'nl-NL', energyPage: false });
    expect(labels(topics)).toEqual(['Test Drive', 'Trade-In', 'Inventory', 'Placing an order', 'Service and Support']);
    expect(topics[1]).toMatchObject({ href: '/nl_NL/tradein' });
  });

  it('§2 energy sub-topics: Solar Roof, Solar Panels, Placing an Order, Service and Support', () => {
    const topics = energySubTopics();
    expect(labels(topics)).toEqual(['Solar Roof', 'Solar Panels', 'Placing an Order', 'Service and Support']);
    expect(topics.every((topic) => topic.kind === 'chat' && topic.topic === topic.label)).toBe(true);
  });
});

describe('§2 upcoming-delivery help', () => {
  it("§2 upcoming delivery: 'Go to Account' login link, the three resource links, 'I Still Need Help' to the chat form", () => {
    const help = upcomingDeliveryHelp('en-US');
    expect(help.accountLink).toEqual({ label: 'Go to Account', href: SITE_PATHS.accountSignIn });
    expect(help.resources).toEqual([
      { label: 'After Taking Delivery', href: '/support/after-taking-delivery' },
      { label: 'Prepare For Delivery', href: '/support/delivery-day' },
      { label: 'What to Expect on Delivery Day', href: '/support/taking-delivery' },
    ]);
    expect(help.stillNeedHelp).toEqual({ label: 'I Still Need Help', topic: 'Upcoming Delivery' });
    expect(help.heading).not.toBe('');
  });

  it('§2 upcoming-delivery links carry the locale segment when it has one', () => {
    expect(upcomingDeliveryHelp('es-ES').resources[0]?.href).toBe('/es_ES/support/after-taking-delivery');
  });
});

describe('§2 support link sets', () => {
  it('§2 support link sets: vehicle ownership, energy product support, account support', () => {
    expect(supportLinkSets('en-US').map((set) => set.id)).toEqual([
      'vehicleOwnership',
      'energyProductSupport',
      'accountSupport',
    ]);
  });

  it('§2 support link sets: relative support paths, localised', () => {
    for (const set of supportLinkSets('fr-FR')) {
      expect(set.supportLinks.length).toBeGreaterThan(0);
      for (const link of set.supportLinks) expect(link.href).toMatch(/^\/fr_FR\/support\//);
    }
  });

  it('§2 support link sets: contact-us paths with issue and issueSubcategory query parameters', () => {
    const [vehicle, energy, account] = supportLinkSets('en-US');
    expect(vehicle?.contactUs.href).toBe('/contact?issue=vehicle&issueSubcategory=ownership');
    expect(energy?.contactUs.href).toBe('/contact?issue=energy&issueSubcategory=product-support');
    expect(account?.contactUs.href).toBe('/contact?issue=account&issueSubcategory=account-support');
    expect(contactUsPath('de-DE', 'a b', 'c&d')).toBe('/de_DE/contact?issue=a%20b&issueSubcategory=c%26d');
  });

  it('§2 support link sets: an account sign-in link', () => {
    for (const set of supportLinkSets('en-GB'))
      expect(set.signIn).toEqual({ label: 'Sign In', href: '/en_GB/account/sign-in' });
  });
});
