// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildForm, createFormController } from '../../../widget/core/forms/index.js';
import { FormView } from '../../../widget/ui/components/FormView.js';
import { useFormController } from '../../../widget/ui/use-form.js';

afterEach(cleanup);

function CallbackForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const [form, snapshot] = useFormController(() =>
    createFormController({
      fields: buildForm({ form: 'callback', country: 'US', chinaRegion: false }),
      country: 'US',
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
      onSubmit={() => void form.submit()}
    />
  );
}

describe('forms bound to the core controller', () => {
  it('given every field filled, the submit button enables and submits the values', async () => {
    const onSubmit = vi.fn();
    render(<CallbackForm onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Request a Callback' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone Number'), '2025550143');
    await userEvent.type(screen.getByLabelText('Postal Code'), '94105');
    await userEvent.click(screen.getByLabelText('Model 3'));
    expect((screen.getByLabelText('Model 3') as HTMLInputElement).checked).toBe(true);
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
