/**
 * One form field as the views draw it. The core's form controller snapshot (FieldState of
 * widget/core/forms) has this shape, so its fields pass straight through.
 */
export interface UiField {
  name: string;
  control: 'input' | 'select' | 'checkboxGroup';
  /** HTML input type for inputs (text, email, tel). */
  inputType?: string;
  /** As shown, '(Optional)' already added by the core for optional fields. */
  label: string;
  required: boolean;
  placeholder?: string | undefined;
  options?: readonly { value: string; label: string }[];
  value: string | readonly string[];
  /** Shown only once the field is touched; already lower-cased by the core's template. */
  error?: string | undefined;
  readOnly?: boolean;
  hidden?: boolean;
}

export interface FieldCommands {
  onChange: (name: string, value: string) => void;
  onToggle: (name: string, option: string) => void;
  onBlur: (name: string) => void;
}

export interface FieldProps extends FieldCommands {
  field: UiField;
  idPrefix: string;
}

function LabelText({ field }: { field: UiField }) {
  return <>{field.label}</>;
}

/**
 * The visible mark of a required field, outside the label's name (screen readers hear
 * "required" from aria-required instead of "star").
 */
function RequiredMark({ field }: { field: UiField }) {
  return field.required && !field.readOnly ? (
    <span className="cw-field__required" aria-hidden="true">
      *
    </span>
  ) : null;
}

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="cw-field__error">
      {error}
    </p>
  ) : null;
}

function CheckboxGroup({ field, idPrefix, onToggle }: FieldProps) {
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const chosen: readonly string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <fieldset className="cw-field cw-field--group" aria-describedby={field.error ? errorId : undefined}>
      <legend className="cw-field__label">
        <LabelText field={field} />
        <RequiredMark field={field} />
      </legend>
      {(field.options ?? []).map((option) => (
        <label key={option.value} className="cw-check">
          <input
            type="checkbox"
            name={field.name}
            value={option.value}
            checked={chosen.includes(option.value)}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={field.error ? errorId : undefined}
            onChange={() => onToggle(field.name, option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <ErrorText id={errorId} error={field.error} />
    </fieldset>
  );
}

/** Input, select or checkbox group with its label, '(Optional)' mark and tied error. */
export function Field(props: FieldProps) {
  const { field, idPrefix, onChange, onBlur } = props;
  if (field.hidden) return null;
  if (field.control === 'checkboxGroup') return <CheckboxGroup {...props} />;
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.error ? errorId : undefined,
    'aria-required': field.required || undefined,
    onBlur: () => onBlur(field.name),
  };
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <div className={`cw-field${field.error ? ' cw-field--invalid' : ''}${field.readOnly ? ' cw-field--readonly' : ''}`}>
      <div className="cw-field__label-row">
        <label className="cw-field__label" htmlFor={id}>
          <LabelText field={field} />
        </label>
        <RequiredMark field={field} />
      </div>
      {field.control === 'select' ? (
        <select
          {...common}
          className="cw-field__control"
          value={value}
          disabled={field.readOnly}
          onChange={(event) => onChange(field.name, event.target.value)}
        >
          {value === '' ? <option value="">{field.placeholder ?? ''}</option> : null}
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="cw-field__control"
          type={field.inputType ?? 'text'}
          value={value}
          placeholder={field.placeholder}
          readOnly={field.readOnly}
          // Addresses and numbers read left to right in every language; names in their own script's direction.
          dir={field.inputType === 'email' || field.inputType === 'tel' ? 'ltr' : 'auto'}
          autoComplete={autoCompleteOf(field.name)}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      )}
      <ErrorText id={errorId} error={field.error} />
    </div>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel-national',
  phoneNumber: 'tel-national',
  zip: 'postal-code',
  postalCode: 'postal-code',
};

function autoCompleteOf(name: string): string {
  return AUTOCOMPLETE[name] ?? 'off';
}
