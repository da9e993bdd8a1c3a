import { useEffect } from 'react';
import type { WidgetState } from '../core/chat/state.js';
import {
  buildForm,
  createFormController,
  type FormController,
  type FormKind,
  type FormSnapshot,
  formDefinitions,
} from '../core/forms/index.js';
import { configuredFields } from './configured-fields.js';
import { useCatalogue } from './i18n/use-catalogue.js';
import { useWidget } from './use-core.js';
import { useFormController } from './use-form.js';
import { visitorRegion } from './visitor.js';

export interface VisitorForm {
  form: FormController;
  snapshot: FormSnapshot;
  country: string;
  chinaRegion: boolean;
}

/**
 * One of the two forms for this visitor: configured or default fields in the page's language,
 * the page's prefilled values (read-only when configured so), and what the visitor typed
 * before (kept by the core, so a remount or the other form starts from it). Every change is
 * handed back to the core's draft.
 */
export function useVisitorForm(
  kind: FormKind,
  state: WidgetState,
  onSubmit?: (values: FormSnapshot['values'], fields: ReturnType<typeof buildForm>) => Promise<unknown>,
): VisitorForm {
  const { core, doc } = useWidget();
  const catalogue = useCatalogue();
  const { country, chinaRegion } = visitorRegion(state.flags.locale, doc);
  const [form, snapshot] = useFormController(() => {
    const shapeOf = (form: FormKind) => ({
      form,
      country,
      chinaRegion,
      definitions: configuredFields(core, form === 'preChat' ? 'preEngagementConfig' : 'callBackFormConfig'),
      texts: catalogue.forms,
    });
    const shape = shapeOf(kind);
    // Both forms as this visitor would get them: a chat request also stores its callback fallback.
    for (const form of ['preChat', 'callback'] as const) {
      core.formShown(form, form === kind ? formDefinitions(shape) : formDefinitions(shapeOf(form)));
    }
    const fields = buildForm({
      ...shape,
      prefill: core.settings.prefill,
      readOnlyPrefilled: core.settings.readOnlyPrefilled,
      draft: core.formDraft(),
    });
    return createFormController({
      fields,
      country,
      useEngagementPlaceholderData: state.flags.useEngagementPlaceholderData,
      namesMaxCharCount: core.settings.namesMaxCharCount,
      phoneMinLength: core.settings.phoneMinLength,
      validationIdleDelay: core.settings.validationIdleDelay,
      texts: catalogue.forms,
      ...(onSubmit === undefined ? {} : { onSubmit: (values) => onSubmit(values, fields) }),
    });
  });
  useEffect(() => {
    core.saveFormDraft(snapshot.values);
  }, [core, snapshot.values]);
  return { form, snapshot, country, chinaRegion };
}
