import type { components } from '../../../generated/widget-http.js';
import { DEFAULTS } from '../config/defaults.js';
import type { TimerProvider } from '../env.js';
import type { FormField } from './build-form.js';
import { countryRules, loadCountryRules } from './country-rules.js';
import type { FieldValue, FormValues, SelectOption } from './field-definition.js';
import { isEmpty, type ValidationContext, validateField } from './validate-field.js';

type CountryData = components['schemas']['CountryData'];

/** One field as the UI renders it. */
export interface FieldState extends FormField {
  value: FieldValue;
  /** Errors show only for touched fields (section 5). */
  touched: boolean;
  /** Lower-cased message, present only when touched and invalid. */
  error?: string;
}

export interface FormSnapshot {
  fields: readonly FieldState[];
  values: FormValues;
  /** Every visible field passes its rules right now (touched or not). */
  valid: boolean;
  /** Section 5: "The submit button is disabled until the whole form is valid." Also while and after submitting. */
  submitDisabled: boolean;
  submitting: boolean;
  /** Set after onSubmit ran (the callback form stays disabled under its status card); reopen() clears it. */
  submitted: boolean;
}

export type SubmitResult = { ok: true; values: FormValues } | { ok: false };

export interface FormControllerOptions extends ValidationContext {
  fields: readonly FormField[];
  /** The core's timers (env.timers): every idle-validation timer has this owner. */
  timers: Pick<TimerProvider, 'setTimeout' | 'clearTimeout'>;
  /** ms of idle typing before a touched field is validated (section 9: 2000). */
  validationIdleDelay?: number;
  /** Province and city options (China region); may also arrive later through setCountryData. */
  countryData?: CountryData;
  /** Runs on a valid submit while the form is disabled (e.g. the callback submission). */
  onSubmit?: (values: FormValues) => Promise<unknown> | unknown;
}

export interface FormController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FormSnapshot;
  /** Typing in an input, or choosing in a select. */
  change(name: string, value: string): void;
  blur(name: string): void;
  /** Checks or unchecks one option of a checkbox group. */
  toggle(name: string, option: string): void;
  /**
   * Validates everything; when valid, runs onSubmit (if given) with the form disabled and
   * resolves the values. A failed submit shows every error.
   */
  submit(): Promise<SubmitResult>;
  /** Makes a submitted form editable again, values kept. */
  reopen(): void;
  setCountryData(data: CountryData): void;
  /**
   * Clears every pending timer and listener. Not terminal: React StrictMode unmounts and
   * remounts effects, so a controller used again keeps working, and the next dispose clears
   * whatever it scheduled since.
   */
  dispose(): void;
}

/**
 * A framework-free controller for one form (section 5). The UI binds it with
 * useSyncExternalStore(controller.subscribe, controller.getSnapshot).
 */
export function createFormController(options: FormControllerOptions): FormController {
  const timers = options.timers;
  const idleDelay = options.validationIdleDelay ?? DEFAULTS.validationIdleDelay;
  const fields = options.fields;
  const byName = new Map(fields.map((field) => [field.name, field]));
  const values = new Map<string, FieldValue>(fields.map((field) => [field.name, field.initialValue]));
  const optionOverrides = new Map<string, readonly SelectOption[]>();
  const touched = new Set<string>();
  const errors = new Map<string, string>();
  const idleTimers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  let countryData = options.countryData;
  let submitting = false;
  let submitted = false;
  // Phone and postal code are judged by the country's rules, loaded on the first edit of such a
  // field (or at once for a prefilled one: country-rules.ts). Until they are in, those fields
  // show no error, the form is not valid, and a submit waits for them.
  let rulesWait: Promise<void> | undefined;
  const needsRules = (field: FormField): boolean => field.kind === 'phone' || field.kind === 'postalCode';
  const rulesPending = (): boolean =>
    countryRules(options.country) === undefined &&
    fields.some((field) => needsRules(field) && !isEmpty(values.get(field.name) ?? field.initialValue));

  const errorOf = (field: FormField): string | undefined =>
    validateField(field, values.get(field.name) ?? field.initialValue, options);

  const validateShown = (name: string): void => {
    const field = byName.get(name);
    if (field === undefined) return;
    touched.add(name);
    const error = errorOf(field);
    if (error === undefined) errors.delete(name);
    else errors.set(name, error);
  };

  const cityOptions = (): readonly SelectOption[] => {
    const province = values.get('province');
    if (countryData === undefined || typeof province !== 'string') return [];
    return countryData.cityList[province] ?? [];
  };

  const applyCountryData = (): void => {
    if (countryData === undefined) return;
    if (byName.has('province')) optionOverrides.set('province', countryData.provinceList);
    if (byName.has('city')) optionOverrides.set('city', cityOptions());
  };
  applyCountryData();

  const build = (): FormSnapshot => {
    const states = fields.map((field): FieldState => {
      const error = touched.has(field.name) ? errors.get(field.name) : undefined;
      return {
        ...field,
        options: optionOverrides.get(field.name) ?? field.options,
        value: values.get(field.name) ?? field.initialValue,
        touched: touched.has(field.name),
        ...(error === undefined ? {} : { error }),
      };
    });
    const valid = !rulesPending() && fields.every((field) => errorOf(field) === undefined);
    return {
      fields: states,
      values: Object.fromEntries(values),
      valid,
      submitDisabled: !valid || submitting || submitted,
      submitting,
      submitted,
    };
  };

  let snapshot = build();
  const emit = (): void => {
    snapshot = build();
    for (const listener of [...listeners]) listener();
  };

  /** Loads the rules once; when they are in, the touched fields are judged again. After a failed fetch the next edit or submit asks again. */
  const waitForRules = (): Promise<void> => {
    rulesWait ??= loadCountryRules(options.country).then(
      () => {
        rulesWait = undefined;
        for (const name of touched) validateShown(name);
        emit();
      },
      () => {
        rulesWait = undefined;
      },
    );
    return rulesWait;
  };
  if (rulesPending()) void waitForRules();

  const clearIdleTimer = (name: string): void => {
    const handle = idleTimers.get(name);
    if (handle === undefined) return;
    timers.clearTimeout(handle);
    idleTimers.delete(name);
  };

  const editable = (name: string): FormField | undefined => {
    const field = byName.get(name);
    if (submitting || submitted || field === undefined || field.readOnly) return undefined;
    return field;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    change(name, value) {
      const field = editable(name);
      if (field === undefined || field.control === 'checkboxGroup') return;
      if (values.get(name) === value) return;
      values.set(name, value);
      if (needsRules(field) && countryRules(options.country) === undefined) void waitForRules();
      if (field.control === 'select') {
        // Selects validate on change (section 5); a new province empties the dependent city.
        if (field.kind === 'province' && byName.has('city')) {
          values.set('city', '');
          optionOverrides.set('city', cityOptions());
          if (touched.has('city')) validateShown('city');
        }
        validateShown(name);
      } else {
        // Inputs validate after idle typing: each keystroke restarts the wait.
        clearIdleTimer(name);
        idleTimers.set(
          name,
          timers.setTimeout(() => {
            idleTimers.delete(name);
            validateShown(name);
            emit();
          }, idleDelay),
        );
      }
      emit();
    },
    blur(name) {
      if (!byName.has(name)) return;
      clearIdleTimer(name);
      validateShown(name);
      emit();
    },
    toggle(name, option) {
      const field = editable(name);
      if (field === undefined || field.control !== 'checkboxGroup') return;
      const current = values.get(name);
      const checked = Array.isArray(current) ? (current as readonly string[]) : [];
      // Keep the configured option order whatever the click order, so payloads are stable.
      const next = checked.includes(option)
        ? checked.filter((item) => item !== option)
        : field.options.map((choice) => choice.value).filter((value) => value === option || checked.includes(value));
      values.set(name, next);
      validateShown(name);
      emit();
    },
    async submit() {
      if (submitting || submitted) return { ok: false };
      if (rulesPending()) {
        await waitForRules();
        if (submitting || submitted) return { ok: false };
      }
      if (rulesPending() || !fields.every((field) => errorOf(field) === undefined)) {
        // A failed submit re-validates every field and shows every error.
        for (const field of fields) {
          clearIdleTimer(field.name);
          validateShown(field.name);
        }
        emit();
        return { ok: false };
      }
      const submittedValues: FormValues = Object.fromEntries(values);
      const onSubmit = options.onSubmit;
      // Without onSubmit the caller owns what follows (the pre-chat form goes back to logon
      // after a connect timeout), so the form is not locked.
      if (onSubmit === undefined) return { ok: true, values: submittedValues };
      submitting = true;
      emit();
      try {
        await onSubmit(submittedValues);
      } finally {
        submitting = false;
        submitted = true;
        emit();
      }
      return { ok: true, values: submittedValues };
    },
    reopen() {
      if (submitting || !submitted) return;
      submitted = false;
      emit();
    },
    setCountryData(data) {
      countryData = data;
      applyCountryData();
      emit();
    },
    dispose() {
      for (const name of [...idleTimers.keys()]) clearIdleTimer(name);
      listeners.clear();
    },
  };
}
