import { selectOffer } from '../../core/chat/selectors.js';
import type { WidgetState } from '../../core/chat/state.js';
import { FormView } from '../components/FormView.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { useWidget } from '../use-core.js';
import { useFormController } from '../use-form.js';

export interface CallbackPaneProps {
  state: WidgetState;
}

/**
 * Chat-lite: 'Request a Callback' (core.forms.callback) with the consent disclaimer; the core
 * posts it and shows the status card. A failed (or timed-out) request keeps everything typed
 * and offers Retry.
 */
export function CallbackPane({ state }: CallbackPaneProps) {
  const { core } = useWidget();
  const { core: coreTexts, ui } = useCatalogue();
  const [form, snapshot] = useFormController(() => core.forms.callback());
  const failed = state.callback.status === 'submitted' && !state.callback.ok;
  const submit = async () => (await form.submit()).ok;
  // A chat-lite page that offered the callback before the availability answer: chat is open now.
  const chatNow = selectOffer(state) === 'chat' && state.views.length === 1;
  return (
    <>
      {chatNow ? (
        <div className="cw-banner" role="status">
          <p className="cw-banner__text">{ui.chatAvailableNow}</p>
          <button type="button" className="cw-btn cw-btn--secondary" onClick={() => core.navigate('form')}>
            {ui.chatNow}
          </button>
        </div>
      ) : null}
      <FormView
        id="cw-callback"
        description={ui.callbackDescription}
        fields={snapshot.fields}
        submitLabel={failed ? coreTexts.retry : ui.requestCallback}
        canSubmit={snapshot.valid}
        busy={snapshot.submitting || snapshot.submitted || state.callback.status === 'submitting'}
        onChange={form.change}
        onToggle={form.toggle}
        onBlur={form.blur}
        onSubmit={submit}
        footer={<p className="cw-disclaimer">{ui.callbackDisclaimer}</p>}
        after={
          snapshot.submitting ? (
            <p className="cw-form__progress" role="status">
              {ui.callbackSending}
            </p>
          ) : failed ? (
            <p className="cw-form__failed">{ui.callbackNotSent}</p>
          ) : null
        }
      />
    </>
  );
}
