// @vitest-environment happy-dom
import { cleanup, render as renderBare, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildForm, createFormController } from '../../../widget/core/forms/index.js';
import { FormView } from '../../../widget/ui/components/FormView.js';
import { useFormController } from '../../../widget/ui/use-form.js';
import { hostTimers } from '../../support/host-timers.js';
import { English } from './support/english.js';

/** Components draw their texts from the page's catalogue: English here. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: English });

afterEach(cleanup);

function CallbackForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const [form, snapshot] = useFormController(() =>
    createFormController({
      fields: buildForm({ form: 'callback', country: 'US', chinaRegion: false }),
      country: 'US',
      timers: hostTimers,
      onSubmit,
    }),
  );
  return (
    <FormView
      id="t"
      fields={snapshot.fields}
      submitLabel="Request a Callback"
      canSubmit={snapshot.valid}
      busy={snapshot.submitting}
      onChange={form.change}
      onToggle={form.toggle}
      onBlur={form.blur}
      onSubmit={async () => (await form.submit()).ok}
    />
  );
}

describe('forms bound to the core controller', () => {
  it('given every field filled, the submit button enables and submits the values', async () => {
    const onSubmit = vi.fn();
    render(<CallbackForm onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Request a Callback' }) as HTMLButtonElement;
    // Section 5: disabled until the form is valid (aria-disabled: it still explains itself when pressed).
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone Number'), '2025550143');
    await userEvent.type(screen.getByLabelText('Postal Code'), '94105');
    await userEvent.click(screen.getByLabelText('Model 3'));
    expect((screen.getByLabelText('Model 3') as HTMLInputElement).checked).toBe(true);
    // The phone and postal code rules load with the first edit of such a field (issue 24): the
    // form becomes valid when they have arrived and passed the values, not before.
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull());
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('under StrictMode (effects run twice in development), the form still responds', async () => {
    render(
      <StrictMode>
        <CallbackForm onSubmit={() => {}} />
      </StrictMode>,
    );
    await userEvent.click(screen.getByLabelText('Solar Roof'));
    expect((screen.getByLabelText('Solar Roof') as HTMLInputElement).checked).toBe(true);
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada');
  });

  it('pressed while not valid: nothing is sent, every error shows, the first invalid field takes focus; Enter does the same', async () => {
    const onSubmit = vi.fn();
    render(<CallbackForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Request a Callback' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const lastName = screen.getByLabelText('Last Name');
    expect(document.activeElement).toBe(lastName);
    expect(document.getElementById(lastName.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'last name is a required property',
    );
    expect(screen.getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('5 fields need your attention.');
    await userEvent.type(lastName, 'Lovelace{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Email Address'));
    expect(screen.getByRole('alert').textContent).toBe('4 fields need your attention.');
  });

  it('on blur, a touched invalid field shows its error tied to it', async () => {
    render(<CallbackForm onSubmit={() => {}} />);
    const email = screen.getByLabelText('Email Address');
    await userEvent.type(email, 'not-an-email');
    await userEvent.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('please provide a valid email address');
  });
});
