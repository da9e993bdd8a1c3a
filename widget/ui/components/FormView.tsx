import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { plural } from '../i18n/catalogue.js';
import { useCatalogue } from '../i18n/use-catalogue.js';
import { useSteadyDuringPress } from '../use-steady-press.js';
import { VIEW_FOCUS } from '../use-view-focus.js';
import { Field, type FieldCommands, type UiField } from './fields.js';

export interface FormViewProps extends FieldCommands {
  id: string;
  heading?: string | undefined;
  description?: string | undefined;
  /** A line under the description (the estimated wait). */
  note?: ReactNode;
  fields: readonly UiField[];
  submitLabel: string;
  /**
   * The whole form is valid. Until it is, the button shows as disabled (aria-disabled) but can
   * still be pressed: a press, or Enter in a field, re-validates every field, shows every error
   * and moves focus to the first invalid one (section 5, failed submit).
   */
  canSubmit: boolean;
  busy: boolean;
  /** Resolves false when the form was not valid (nothing was sent). */
  onSubmit: () => Promise<boolean> | boolean;
  /** Extra content under the fields (the callback consent disclaimer). */
  footer?: ReactNode;
  /** Content after the submit button (a secondary action). */
  after?: ReactNode;
}

/** Pre-chat and callback forms: dynamic fields, browser validation off (the core validates). */
export function FormView(props: FormViewProps) {
  const { id, heading, description, note, submitLabel, canSubmit, busy, onSubmit, footer, after } = props;
  const { ui, language } = useCatalogue();
  const commands: FieldCommands = { onChange: props.onChange, onToggle: props.onToggle, onBlur: props.onBlur };
  const formRef = useRef<HTMLFormElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const { fields, holding, onPointerDown } = useSteadyDuringPress(props.fields);
  const errors = fields.filter((field) => field.error !== undefined && !field.hidden).length;
  // After a failed submit (once its errors are drawn): focus the first field that needs
  // attention (it says why through aria-describedby), with its label in view.
  const focusPending = useRef(false);
  useEffect(() => {
    if (failedAttempts === 0) return;
    focusPending.current = true;
  }, [failedAttempts]);
  useEffect(() => {
    if (!focusPending.current || holding) return;
    focusPending.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    // The whole field, label first: scrolling to the control alone leaves its label cut off
    // under the dialog's header.
    (first.closest('.cw-field') ?? first).scrollIntoView?.({ block: 'nearest' });
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ok = await onSubmit();
    if (ok === false) setFailedAttempts((count) => count + 1);
  };
  const hasRequired = fields.some((field) => field.required && !field.hidden && !field.readOnly);
  return (
    <form
      ref={formRef}
      className="cw-form"
      noValidate
      onSubmit={submit}
      onPointerDownCapture={onPointerDown}
      aria-labelledby={heading ? `${id}-heading` : undefined}
    >
      {heading ? (
        <h3 id={`${id}-heading`} className="cw-form__heading" tabIndex={-1} {...VIEW_FOCUS}>
          {heading}
        </h3>
      ) : null}
      {description ? <p className="cw-form__description">{description}</p> : null}
      {note}
      {hasRequired ? <p className="cw-form__required-note">{ui.requiredNote}</p> : null}
      <fieldset className="cw-form__fields" disabled={busy}>
        {fields.map((field) => (
          <Field key={field.name} field={field} idPrefix={id} {...commands} />
        ))}
      </fieldset>
      {footer}
      {failedAttempts > 0 && errors > 0 ? (
        <p className="cw-form__summary" role="alert">
          {plural(ui.fieldsToFix, errors, language)}
        </p>
      ) : null}
      <button
        type="submit"
        className={`cw-btn cw-btn--primary cw-form__submit${canSubmit ? '' : ' cw-btn--unready'}`}
        aria-disabled={!canSubmit || undefined}
        disabled={busy}
      >
        {submitLabel}
      </button>
      {after}
    </form>
  );
}
