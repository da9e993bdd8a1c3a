import { useEffect } from 'react';
import { buildForm, createFormController, customerDetailsFromForm, fetchCountryData } from '../../core/forms/index.js';
import { FormView } from '../components/FormView.js';
import { configuredFields } from '../configured-fields.js';
import { useWidget } from '../use-core.js';
import { useFormController } from '../use-form.js';
import { visitorRegion } from '../visitor.js';

export interface PreChatPaneProps {
  locale: string;
  useEngagementPlaceholderData: boolean;
  /** The chat request is on its way: the form stays visible but disabled under the loader. */
  busy: boolean;
  /** Triage topic chosen before the form, if any (requestChat intrinsics.topic). */
  topic: string | undefined;
}

/** Logon mode: the pre-chat form; a valid submit starts the chat through the core. */
export function PreChatPane({ locale, useEngagementPlaceholderData, busy, topic }: PreChatPaneProps) {
  const { core, analytics, doc } = useWidget();
  const { country, chinaRegion } = visitorRegion(locale, doc);
  const [form, snapshot] = useFormController(() =>
    createFormController({
      fields: buildForm({
        form: 'preChat',
        country,
        chinaRegion,
        definitions: configuredFields(core, 'preEngagementConfig'),
      }),
      country,
      useEngagementPlaceholderData,
      namesMaxCharCount: core.settings.namesMaxCharCount,
      phoneMinLength: core.settings.phoneMinLength,
      validationIdleDelay: core.settings.validationIdleDelay,
    }),
  );
  useChinaCountryData(chinaRegion, locale, form.setCountryData);
  const submit = async () => {
    const result = await form.submit();
    if (!result.ok) return;
    analytics.chatEvent('start_chat_click');
    analytics.startChatClicked();
    const details = customerDetailsFromForm(result.values, country);
    core.startChat(topic ? { ...details, topic } : details);
  };
  return (
    <FormView
      id="cw-prechat"
      heading="Chat with us"
      description="Tell us a little about yourself and an agent will be with you shortly."
      fields={snapshot.fields}
      submitLabel="Start chat"
      canSubmit={snapshot.valid}
      busy={busy || snapshot.submitting}
      onChange={form.change}
      onToggle={form.toggle}
      onBlur={form.blur}
      onSubmit={submit}
    />
  );
}

/** China region: the province and city selects are filled from the country-data call. */
export function useChinaCountryData(
  chinaRegion: boolean,
  locale: string,
  setCountryData: (data: NonNullable<Awaited<ReturnType<typeof fetchCountryData>>>) => void,
) {
  const { core, doc } = useWidget();
  useEffect(() => {
    if (!chinaRegion) return;
    let live = true;
    const view = doc.defaultView;
    if (!view) return;
    void fetchCountryData(locale, {
      http: { fetch: (request) => view.fetch(request), baseUrl: core.settings.apiEndpointsDomain },
      logger: view.console,
      countryDataPath: core.settings.countryDataPath,
    }).then((data) => {
      if (live && data) setCountryData(data);
    });
    return () => {
      live = false;
    };
  }, [chinaRegion, locale, core, doc, setCountryData]);
}
