/**
 * The words of the triage views and the support links in one language. TRIAGE_TEXTS is
 * English: the spec's quoted labels (section 2, views 3 to 6) verbatim, the rest chosen. The
 * page's message catalogue (widget/ui/i18n/) carries the same shape in its language. The
 * `topic` sent with a chat (requestChat intrinsics.topic) stays English whatever the language:
 * it routes the chat, it is not shown.
 */
export interface TriageTexts {
  headings: { topics: string; vehicle: string; energy: string };
  main: { vehicle: string; energy: string; accountSupport: string; liveAgent: string };
  variant: {
    accountSupport: string;
    scheduleTestDrive: string;
    scheduleDemoDrive: string;
    upcomingDelivery: string;
    vehicle: string;
    energy: string;
  };
  vehicle: {
    testDrive: string;
    demoDrive: string;
    tradeIn: string;
    inventory: string;
    placingAnOrder: string;
    upcomingDelivery: string;
    serviceAndSupport: string;
  };
  energy: { solarRoof: string; solarPanels: string; placingAnOrder: string; serviceAndSupport: string };
  delivery: {
    heading: string;
    description: string;
    goToAccount: string;
    additionalResources: string;
    afterTakingDelivery: string;
    prepareForDelivery: string;
    whatToExpect: string;
    stillNeedHelp: string;
  };
  support: {
    heading: string;
    vehicleOwnership: string;
    energyProductSupport: string;
    accountSupport: string;
    vehicleSupport: string;
    charging: string;
    softwareUpdates: string;
    energySupport: string;
    solarPanels: string;
    solarRoof: string;
    accountSupportLink: string;
    payments: string;
    contactUs: string;
    signIn: string;
  };
}

export const TRIAGE_TEXTS: TriageTexts = {
  headings: { topics: 'How can we help?', vehicle: 'Vehicle', energy: 'Energy Products' },
  main: {
    vehicle: 'Vehicle',
    energy: 'Energy Products',
    accountSupport: 'Account Support',
    liveAgent: 'Chat with a Live Agent',
  },
  variant: {
    accountSupport: 'Account support',
    scheduleTestDrive: 'Schedule test drive',
    scheduleDemoDrive: 'Schedule demo drive',
    upcomingDelivery: 'Upcoming delivery',
    vehicle: 'Vehicle',
    energy: 'Energy Products',
  },
  vehicle: {
    testDrive: 'Test Drive',
    demoDrive: 'Demo Drive',
    tradeIn: 'Trade-In',
    inventory: 'Inventory',
    placingAnOrder: 'Placing an order',
    upcomingDelivery: 'Upcoming Delivery',
    serviceAndSupport: 'Service and Support',
  },
  energy: {
    solarRoof: 'Solar Roof',
    solarPanels: 'Solar Panels',
    placingAnOrder: 'Placing an Order',
    serviceAndSupport: 'Service and Support',
  },
  delivery: {
    heading: 'Upcoming Delivery',
    description: 'Find your delivery details and what to prepare in your account.',
    goToAccount: 'Go to Account',
    additionalResources: 'Additional Resources',
    afterTakingDelivery: 'After Taking Delivery',
    prepareForDelivery: 'Prepare For Delivery',
    whatToExpect: 'What to Expect on Delivery Day',
    stillNeedHelp: 'I Still Need Help',
  },
  support: {
    heading: 'Self-service',
    vehicleOwnership: 'Vehicle Ownership',
    energyProductSupport: 'Energy Product Support',
    accountSupport: 'Account Support',
    vehicleSupport: 'Vehicle Support',
    charging: 'Charging',
    softwareUpdates: 'Software Updates',
    energySupport: 'Energy Support',
    solarPanels: 'Solar Panels',
    solarRoof: 'Solar Roof',
    accountSupportLink: 'Account Support',
    payments: 'Payments',
    contactUs: 'Contact Us',
    signIn: 'Sign In',
  },
};
