/**
 * Site paths the triage and support links point at. The product spec quotes only the three
 * delivery paths; the others are this widget's choice (documented in widget/core/forms/README.md)
 * and are relative, so a deployment serves them on its own site.
 */
export const SITE_PATHS = {
  /** Section 2: the locale's drive (test/demo drive scheduling) page. Chosen. */
  drive: '/drive',
  /** Section 2: the locale's contact-us page. Chosen. */
  contactUs: '/contact',
  /** Section 2: 'Go to Account' and the account sign-in link (owner account). Chosen. */
  accountSignIn: '/account/sign-in',
  /** Chosen. */
  tradeIn: '/tradein',
  /** Chosen. */
  inventory: '/inventory',
  /** Section 2, upcoming-delivery resources (quoted). */
  afterTakingDelivery: '/support/after-taking-delivery',
  prepareForDelivery: '/support/delivery-day',
  takingDelivery: '/support/taking-delivery',
  /** Support link sets: relative support paths (chosen). */
  vehicleSupport: '/support/vehicles',
  chargingSupport: '/support/charging',
  softwareUpdatesSupport: '/support/software-updates',
  energySupport: '/support/energy',
  solarPanelsSupport: '/support/energy/solar-panels',
  solarRoofSupport: '/support/energy/solar-roof',
  accountSupport: '/support/account',
  paymentsSupport: '/support/payments',
} as const;
