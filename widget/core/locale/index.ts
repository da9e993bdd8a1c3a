/** Public API of the locale core: locale spelling, URL building, region groups, triage and support links. */
export { type ChinaRegionInput, isChinaRegion } from './china-region.js';
export { hyphenLocale, type LocaleParts, parseLocale, underscoreLocale } from './locale-parts.js';
export {
  DELIVERY_TRIAGE_REGIONS,
  DEMO_DRIVE_REGIONS,
  FULL_WIDTH_BRACKET_COUNTRIES,
  isNewsletterOptOutCountry,
  NEWSLETTER_OPT_OUT_COUNTRIES,
  showsDeliveryTriage,
  usesDemoDriveWording,
  usesFullWidthBrackets,
} from './regions.js';
export { SITE_PATHS } from './site-paths.js';
export { contactUsPath, type SupportLink, type SupportLinkSet, supportLinkSets } from './support-links.js';
export {
  energySubTopics,
  mainTopics,
  type SiteLinkOptions,
  siteLink,
  type TriageContext,
  type TriageEntry,
  type UpcomingDeliveryHelp,
  upcomingDeliveryHelp,
  variantTopics,
  vehicleSubTopics,
} from './triage.js';
export { TRIAGE_TEXTS, type TriageTexts } from './triage-texts.js';
export { type TextDirection, textDirection, UI_LANGUAGES, type UiLanguage, uiLanguage } from './ui-language.js';
export { localePathSegment, localizedPath, siteBaseUrl, siteUrl, usesChinaDomain } from './urls.js';
