/** Public API of the forms core (see README.md in this folder). */
export { type BuildFormOptions, buildForm, type FormField, formDefinitions } from './build-form.js';
export {
  buildCallbackPayload,
  type CallbackPayloadInput,
  type CallbackRequest,
} from './callback-payload.js';
export { type CallbackResult, callbackCard, type SubmitCallbackOptions, submitCallback } from './callback-submitter.js';
export { type CountryData, countryDataQuery, type FetchCountryDataOptions, fetchCountryData } from './country-data.js';
export { type CountryRules, countryRules, loadCountryRules } from './country-rules.js';
export { customerDetailsFromForm } from './customer-details-from-form.js';
export { isValidEmail } from './email-rule.js';
export {
  type CheckboxItem,
  type FieldAttributes,
  type FieldDefinition,
  type FieldValue,
  type FormValues,
  type InputItem,
  parseFieldDefinitions,
  type SelectItem,
  type SelectOption,
} from './field-definition.js';
export {
  createFormController,
  type FieldState,
  type FormController,
  type FormControllerOptions,
  type FormSnapshot,
  type SubmitResult,
} from './form-controller.js';
export { callbackFormDefaults, type FormKind, preChatDefaults } from './form-definitions.js';
export { FORM_TEXTS, type FormTexts, optionLabel } from './form-texts.js';
export type { FormsHttp } from './http.js';
export { type FieldKind, fieldKind, KNOWN_FIELD_LABELS, PRODUCT_INTERESTED_OPTIONS } from './known-fields.js';
export { displayLabel } from './labels.js';
export {
  buildLeadPayload,
  createLeadSubmitter,
  isFirstChatConfirmation,
  type LeadPayloadInput,
  type LeadRequest,
  type LeadSubmitter,
  type LeadSubmitterOptions,
} from './lead.js';
export { FORM_MESSAGE_TEMPLATES, shownMessage } from './messages.js';
export { isValidPhone, type ParsedPhone, parsePhone } from './phone-rule.js';
export { isValidPostalCode } from './postal-code-rule.js';
export { type ValidationContext, validateField } from './validate-field.js';
