import { useEffect } from 'react';
import { canRequestCallbackInstead } from '../../core/chat/selectors.js';
import type { WidgetState } from '../../core/chat/state.js';
import { customerDetailsFromForm, fetchCountryData } from '../../core/forms/index.js';
import { FormView } from '../components/FormView.js';
import { WaitEstimate } from '../components/WaitEstimate.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { useWidget } from '../use-core.js';
import { useVisitorForm } from '../use-visitor-form.js';

export interface PreChatPaneProps {
  state: WidgetState;
  /** The chat request is on its way: the form stays visible but disabled under the loader. */
  busy: boolean;
  /** Triage topic chosen before the form, if any (requestChat intrinsics.topic). */
  topic: string | undefined;
}

/** Logon mode: the pre-chat form; a valid submit starts the chat through the core. */
export function PreChatPane({ state, busy, topic }: PreChatPaneProps) {
  const { core, analytics } = useWidget();
  const { ui } = useCatalogue();
  const { form, snapshot, country, chinaRegion } = useVisitorForm('preChat', state);
  useChinaCountryData(chinaRegion, state.flags.locale, form.setCountryData);
  const submit = async () => {
    const result = await form.submit();
    if (!result.ok) return false;
    analytics.chatEvent('start_chat_click');
    analytics.startChatClicked();
    const details = customerDetailsFromForm(result.values, country);
    core.startChat(topic ? { ...details, topic } : details);
    return true;
  };
  const waitMinutes = state.availability.status === 'available' ? state.availability.waitMinutes : null;
  return (
    <FormView
      id="cw-prechat"
      heading={ui.preChatHeading}
      description={ui.preChatDescription}
      note={waitMinutes === null ? null : <WaitEstimate minutes={waitMinutes} />}
      fields={snapshot.fields}
      submitLabel={ui.startChat}
      canSubmit={snapshot.valid}
      busy={busy || snapshot.submitting}
      onChange={form.change}
      onToggle={form.toggle}
      onBlur={form.blur}
      onSubmit={submit}
      after={
        canRequestCallbackInstead(state) && !busy ? (
          <button type="button" className="cw-link-btn" onClick={() => core.requestCallbackInstead()}>
            {ui.callMeBackInstead}
          </button>
        ) : null
      }
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
