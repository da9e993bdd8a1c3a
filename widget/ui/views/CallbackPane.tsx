import { buildCallbackPayload, buildForm, createFormController } from '../../core/forms/index.js';
import { FormView } from '../components/FormView.js';
import { configuredFields } from '../configured-fields.js';
import { useWidget } from '../use-core.js';
import { useFormController } from '../use-form.js';
import { visitorRegion } from '../visitor.js';
import { useChinaCountryData } from './PreChatPane.js';

export interface CallbackPaneProps {
  locale: string;
  useEngagementPlaceholderData: boolean;
}

/** Chat-lite: 'Request a Callback' with the consent disclaimer; the core posts it and shows the status card. */
export function CallbackPane({ locale, useEngagementPlaceholderData }: CallbackPaneProps) {
  const { core, doc } = useWidget();
  const { country, chinaRegion } = visitorRegion(locale, doc);
  const [form, snapshot] = useFormController(() => {
    const fields = buildForm({
      form: 'callback',
      country,
      chinaRegion,
      definitions: configuredFields(core, 'callBackFormConfig'),
    });
    return createFormController({
      fields,
      country,
      useEngagementPlaceholderData,
      namesMaxCharCount: core.settings.namesMaxCharCount,
      phoneMinLength: core.settings.phoneMinLength,
      validationIdleDelay: core.settings.validationIdleDelay,
      onSubmit: (values) => core.submitCallback(buildCallbackPayload({ fields, values, country, locale })),
    });
  });
  useChinaCountryData(chinaRegion, locale, form.setCountryData);
  return (
    <FormView
      id="cw-callback"
      description="Leave your details and we will call you back."
      fields={snapshot.fields}
      submitLabel="Request a Callback"
      canSubmit={snapshot.valid}
      busy={snapshot.submitting || snapshot.submitted}
      onChange={form.change}
      onToggle={form.toggle}
      onBlur={form.blur}
      onSubmit={() => void form.submit()}
      footer={
        <p className="cw-disclaimer">
          By requesting a callback, I agree to be contacted about products and services at the number provided,
          including by calls made with computer-assisted dialing technology. Consent is not a condition of purchase.
        </p>
      }
    />
  );
}
