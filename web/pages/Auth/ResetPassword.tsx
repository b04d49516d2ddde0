import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { InputError } from '../../components/Input.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { route } from '../../generated/routes.ts';
import { bindFields, useFormAndPageErrors } from '../../lib/form-fields.ts';

export interface Props {
  /** The token from the link ('' when it is not usable). */
  token: string;
  /** False when the link is unknown, used or expired. */
  valid: boolean;
}

/** Choose a new password with the emailed token. */
export default function ResetPassword({ token, valid }: Props) {
  const form = useForm({ token, password: '', passwordConfirmation: '' });
  const errors = useFormAndPageErrors(form.errors);
  const field = bindFields(form, errors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.reset.submit'), {
      onFinish: () => form.reset('password', 'passwordConfirmation'),
    });
  };
  if (!valid) {
    return (
      <>
        <Head title="Reset password" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">This link does not work</h1>
        <p className="mt-2 text-sm text-ink-muted" data-test="reset-link-invalid">
          Reset links work once and for 60 minutes. Ask for a new one.
        </p>
        <Link
          href={route('auth.forgot')}
          className="mt-6 inline-block text-sm font-medium text-accent hover:underline"
        >
          Send me a new link
        </Link>
      </>
    );
  }
  return (
    <>
      <Head title="Reset password" />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Choose a new password</h1>
      <form
        method="post"
        action={route('auth.reset.submit')}
        onSubmit={submit}
        className="mt-6 grid gap-4"
        noValidate
        data-test="reset-form"
      >
        <input type="hidden" name="token" value={form.data.token} />
        <InputError message={errors.token} />
        <NewPasswordFields field={field} hint="At least 8 characters." />
        <Button type="submit" busy={form.processing} data-test="reset-submit">
          Save the new password
        </Button>
      </form>
    </>
  );
}
