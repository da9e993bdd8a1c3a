/**
 * The forms' words in one language: the known fields' labels, the '(Optional)' mark, the
 * labels of the fixed options and the section 8 message templates. FORM_TEXTS is English (the
 * spec's quoted wording where it quotes one); the page's message catalogue (widget/ui/i18n/)
 * carries the same shape in its language. Labels of fields a deployment configures are its own
 * and are shown as configured.
 */
export interface FormTexts {
  labels: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    postalCode: string;
    province: string;
    city: string;
    getUpdates: string;
    productInterested: string;
    subject: string;
  };
  /** The word inside the optional mark: 'Optional' gives 'Last Name (Optional)' (section 5). */
  optional: string;
  /** The empty first entry of a select with nothing chosen yet (province, city). */
  choose: string;
  /** Labels of option values the widget defines; the values sent never change. */
  optionLabels: { yes: string; no: string; solarPanels: string; solarRoof: string };
  /** Section 8 templates; {0} is the field's label, {1} the limit. */
  messages: { required: string; invalid: string; maxLength: string; email: string };
  /**
   * Section 5: "Messages are lower-cased when shown." True for English; a language whose
   * nouns are capitalised (German) keeps its case.
   */
  lowerCaseMessages: boolean;
}

export const FORM_TEXTS: FormTexts = {
  labels: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    phoneNumber: 'Phone Number',
    postalCode: 'Postal Code',
    province: 'Province',
    city: 'City',
    getUpdates: 'Get Updates',
    productInterested: 'Product Interested',
    subject: 'Subject',
  },
  optional: 'Optional',
  choose: 'Choose…',
  optionLabels: { yes: 'Yes', no: 'No', solarPanels: 'Solar Panels', solarRoof: 'Solar Roof' },
  messages: {
    required: '{0} is a required property',
    invalid: '{0} is invalid',
    maxLength: 'Maximum length of {0} is {1} characters',
    email: 'Please provide a valid email address',
  },
  lowerCaseMessages: true,
};

/** The label of a fixed option value in this language, or the value itself (model names, configured options). */
export function optionLabel(value: string, texts: FormTexts): string {
  switch (value) {
    case 'Yes':
      return texts.optionLabels.yes;
    case 'No':
      return texts.optionLabels.no;
    case 'Solar Panels':
      return texts.optionLabels.solarPanels;
    case 'Solar Roof':
      return texts.optionLabels.solarRoof;
    default:
      return value;
  }
}
