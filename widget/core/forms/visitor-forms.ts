/**
 * `core.forms`: the pre-chat and callback forms as flows any view layer can drive. A form is
 * built for this visitor (configured fields or the spec's defaults, in the page's language,
 * prefilled, starting from what was typed before), validated on the core's timers, filled with
 * the China region's provinces and cities over the core's fetch, and submitted the way the spec
 * says: a valid pre-chat form starts the chat; a callback request is posted and, when it
 * failed, the form is editable again (Retry) with everything kept. The views render a form's
 * snapshot and call its commands; they build nothing themselves.
 */
import type { WidgetState } from '../chat/state.js';
import type { WidgetSettings } from '../config/settings.js';
import type { CustomerDetails } from '../customer-details.js';
import type { TimerProvider, WidgetEnvironment } from '../env.js';
import { isChinaRegion } from '../locale/china-region.js';
import { parseLocale } from '../locale/locale-parts.js';
import { buildForm, formDefinitions } from './build-form.js';
import { buildCallbackPayload, type CallbackRequest } from './callback-payload.js';
import { fetchCountryData } from './country-data.js';
import { customerDetailsFromForm } from './customer-details-from-form.js';
import { type FieldDefinition, type FieldValue, parseFieldDefinitions } from './field-definition.js';
import { createFormController, type FormController } from './form-controller.js';
import type { FormKind } from './form-definitions.js';
import type { FormTexts } from './form-texts.js';

/** What the forms need from the core: its environment, settings, state and commands. */
export interface VisitorFormsContext {
  env: Pick<WidgetEnvironment, 'fetch' | 'logger' | 'location'> & {
    timers: Pick<TimerProvider, 'setTimeout' | 'clearTimeout'>;
  };
  settings(): WidgetSettings;
  state(): Pick<WidgetState, 'flags' | 'callback'>;
  /** The forms' texts in the page's language (English until the page's catalogue is in). */
  texts(): FormTexts;
  /** The values typed so far, by field name (shared by both forms, kept for the page's life). */
  draft(): Readonly<Record<string, FieldValue>>;
  saveDraft(values: Readonly<Record<string, FieldValue>>): void;
  /** The field definitions this visitor's forms were built from (stored with the chat or callback). */
  formShown(form: FormKind, definitions: readonly FieldDefinition[]): void;
  startChat(details: CustomerDetails): void;
  submitCallback(request: CallbackRequest): Promise<void>;
}

export interface PreChatOptions {
  /** The triage topic chosen before the form (requestChat intrinsics.topic). */
  topic?: string | undefined;
}

export interface VisitorForms {
  /**
   * The pre-chat form. `submit()` validates; when valid, the chat starts with the details typed
   * (and the topic). Dispose it when it is no longer shown.
   */
  preChat(options?: PreChatOptions): FormController;
  /**
   * The callback form (chat-lite). `submit()` validates; when valid, the request is posted and
   * the form stays disabled until the answer: sent, it stays so; failed, it is editable again.
   */
  callback(): FormController;
}

const CONFIG_KEYS = { preChat: 'preEngagementConfig', callback: 'callBackFormConfig' } as const;

export function createVisitorForms(context: VisitorFormsContext): VisitorForms {
  const { env } = context;

  /** The visitor's country (from the page locale) and whether the China rules apply (locale or host). */
  function visitor(): { locale: string; country: string; chinaRegion: boolean } {
    const locale = context.state().flags.locale;
    const country = parseLocale(locale).country || 'US';
    return { locale, country, chinaRegion: isChinaRegion({ country, host: env.location.hostname }) };
  }

  /**
   * The deployment's fields for one form, or undefined for the spec's defaults. Entries the
   * forms cannot read are dropped with a warning for the integrator: one bad entry never takes
   * the form down.
   */
  function configured(form: FormKind): FieldDefinition[] | undefined {
    const key = CONFIG_KEYS[form];
    const raw = context.settings()[key];
    if (raw === null || raw === undefined) return undefined;
    return parseFieldDefinitions(raw, (problem) => env.logger.warn(`chat widget: ${key}: ${problem}`));
  }

  /** One form for this visitor; `submitted` runs after a valid submit (and its post, for the callback). */
  function open(
    kind: FormKind,
    submitted: (values: Readonly<Record<string, FieldValue>>, controller: FormController, country: string) => void,
  ): FormController {
    const settings = context.settings();
    const { locale, country, chinaRegion } = visitor();
    const texts = context.texts();
    const shape = (form: FormKind) => ({ form, country, chinaRegion, definitions: configured(form), texts });
    // Both forms as this visitor gets them: a chat request also stores its callback fallback.
    for (const form of ['preChat', 'callback'] as const) context.formShown(form, formDefinitions(shape(form)));
    const fields = buildForm({
      ...shape(kind),
      prefill: settings.prefill,
      readOnlyPrefilled: settings.readOnlyPrefilled,
      draft: context.draft(),
    });
    const controller = createFormController({
      fields,
      country,
      timers: env.timers,
      useEngagementPlaceholderData: context.state().flags.useEngagementPlaceholderData,
      namesMaxCharCount: settings.namesMaxCharCount,
      phoneMinLength: settings.phoneMinLength,
      validationIdleDelay: settings.validationIdleDelay,
      texts,
      ...(kind === 'callback'
        ? {
            onSubmit: (values: Readonly<Record<string, FieldValue>>) =>
              context.submitCallback(buildCallbackPayload({ fields, values, country, locale })),
          }
        : {}),
    });
    const saveDraft = () => context.saveDraft(controller.getSnapshot().values);
    saveDraft();
    let shown = true;
    if (chinaRegion) {
      void fetchCountryData(locale, {
        http: { fetch: (request) => env.fetch(request), baseUrl: settings.apiEndpointsDomain },
        logger: env.logger,
        countryDataPath: settings.countryDataPath,
      }).then((data) => {
        if (shown && data !== undefined) controller.setCountryData(data);
      });
    }
    const form: FormController = {
      ...controller,
      change(name, value) {
        controller.change(name, value);
        saveDraft();
      },
      toggle(name, option) {
        controller.toggle(name, option);
        saveDraft();
      },
      async submit() {
        const result = await controller.submit();
        if (result.ok) submitted(result.values, controller, country);
        return result;
      },
      dispose() {
        shown = false;
        controller.dispose();
      },
    };
    return form;
  }

  return {
    preChat(options = {}) {
      return open('preChat', (values, _controller, country) => {
        const details = customerDetailsFromForm(values, country);
        context.startChat(options.topic ? { ...details, topic: options.topic } : details);
      });
    },
    callback() {
      return open('callback', (_values, controller) => {
        const outcome = context.state().callback;
        // Not sent: editable again with every value kept, its button now Retry.
        if (outcome.status === 'submitted' && !outcome.ok) controller.reopen();
      });
    },
  };
}
