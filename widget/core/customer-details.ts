/**
 * The customer details of the product spec, section 3: what the pre-chat form collects and
 * what requestChat's intrinsics, the lead and the stored session are built from.
 */
export interface PhoneValue {
  /** ISO 3166-1 alpha-2, e.g. "US". */
  country: string;
  /** Country calling code without "+", e.g. "1". */
  code: string;
  /** National number, trunk prefix stripped. */
  number: string;
}

export interface CustomerDetails {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** E.164 form, e.g. "+12025550143". */
  phoneNumber?: string;
  phone?: PhoneValue;
  zip?: string;
  postalCode?: string;
  province?: string;
  city?: string;
  /** 'Yes' or 'No' (the getUpdates select). */
  getUpdates?: 'Yes' | 'No';
  /** The brand's marketing-updates flag (sent as intrinsics.getBrandUpdates). */
  getBrandUpdates?: boolean;
  subject?: string;
  displayName?: string;
  /** Set when the chat resumes after a page refresh (renewChat asks for the full transcript). */
  isContinuingAfterRefresh?: boolean;
  /** Triage topic, if the visitor chose one. */
  topic?: string;
}
