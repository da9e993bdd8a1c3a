import type { FormEvent, ReactNode } from 'react';
import { Field, type FieldCommands, type UiField } from './fields.js';

export interface FormViewProps extends FieldCommands {
  id: string;
  heading?: string | undefined;
  description?: string | undefined;
  fields: readonly UiField[];
  submitLabel: string;
  /** Disabled until the form is valid, and while submitting. */
  canSubmit: boolean;
  busy: boolean;
  onSubmit: () => void;
  /** Extra content under the fields (the callback consent disclaimer). */
  footer?: ReactNode;
}

/** Pre-chat and callback forms: dynamic fields, browser validation off (the core validates). */
export function FormView(props: FormViewProps) {
  const { id, heading, description, fields, submitLabel, canSubmit, busy, onSubmit, footer } = props;
  const commands: FieldCommands = { onChange: props.onChange, onToggle: props.onToggle, onBlur: props.onBlur };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="cw-form" noValidate onSubmit={submit} aria-labelledby={heading ? `${id}-heading` : undefined}>
      {heading ? (
        <h3 id={`${id}-heading`} className="cw-form__heading">
          {heading}
        </h3>
      ) : null}
      {description ? <p className="cw-form__description">{description}</p> : null}
      <fieldset className="cw-form__fields" disabled={busy}>
        {fields.map((field) => (
          <Field key={field.name} field={field} idPrefix={id} {...commands} />
        ))}
      </fieldset>
      {footer}
      <button type="submit" className="cw-btn cw-btn--primary cw-form__submit" disabled={!canSubmit || busy}>
        {submitLabel}
      </button>
    </form>
  );
}
