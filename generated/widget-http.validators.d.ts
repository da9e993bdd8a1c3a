// Generated from specs/widget-http.openapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.
import type { components } from './widget-http.js';
import type { GeneratedValidator } from './validator.js';

type Schemas = components['schemas'];
export declare const validateAvailabilityRequest: GeneratedValidator<Schemas['AvailabilityRequest']>;
export declare const validateAvailabilityResponse: GeneratedValidator<Schemas['AvailabilityResponse']>;
export declare const validateCountryData: GeneratedValidator<Schemas['CountryData']>;
export declare const validateCallbackRequest: GeneratedValidator<Schemas['CallbackRequest']>;
export declare const validateLeadRequest: GeneratedValidator<Schemas['LeadRequest']>;
