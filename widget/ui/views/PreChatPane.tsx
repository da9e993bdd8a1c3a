import { canRequestCallbackInstead } from '../../core/chat/selectors.js';
import type { WidgetState } from '../../core/chat/state.js';
import { FormView } from '../components/FormView.js';
import { WaitEstimate } from '../components/WaitEstimate.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { useWidget } from '../use-core.js';
import { useFormController } from '../use-form.js';

export interface PreChatPaneProps {
  state: WidgetState;
  /** The chat request is on its way: the form stays visible but disabled under the loader. */
  busy: boolean;
  /** Triage topic chosen before the form, if any (requestChat intrinsics.topic). */
  topic: string | undefined;
}

/** Logon mode: the pre-chat form (core.forms.preChat); a valid submit starts the chat in the core. */
export function PreChatPane({ state, busy, topic }: PreChatPaneProps) {
  const { core, analytics } = useWidget();
  const { ui } = useCatalogue();
  const [form, snapshot] = useFormController(() => core.forms.preChat({ topic }));
  const submit = async () => {
    const result = await form.submit();
    if (!result.ok) return false;
    analytics.chatEvent('start_chat_click');
    analytics.startChatClicked();
    return true;
  };
  // After a route cancel or a connect timeout the error card above says no agent could be
  // found: an estimated wait under it would contradict it, so it goes until the card does.
  const failed = state.statusCard?.tone === 'error';
  const waitMinutes = state.availability.status === 'available' && !failed ? state.availability.waitMinutes : null;
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
