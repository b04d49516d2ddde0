import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { route } from '../../generated/routes.ts';
import { bindFields, useFormAndPageErrors } from '../../lib/form-fields.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** Ask for a reset link. The answer (a flash message) is the same whether or not the address has an account. */
export default function ForgotPassword(_props: Props) {
  const form = useForm({ email: '' });
  const field = bindFields(form, useFormAndPageErrors(form.errors));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.forgot.submit'), { onSuccess: () => form.reset() });
  };
  return (
    <>
      <Head title="Forgot password" />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Forgot your password?</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Enter your email address and we will send you a link to choose a new one.
      </p>
      <form
        method="post"
        action={route('auth.forgot.submit')}
        onSubmit={submit}
        className="mt-6 grid gap-4"
        noValidate
        data-test="forgot-form"
      >
        <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
        <div className="flex items-center justify-between gap-3">
          <Link href={route('auth.login')} className="text-sm text-accent hover:underline">
            Back to sign in
          </Link>
          <Button type="submit" busy={form.processing} data-test="forgot-submit">
            Send the link
          </Button>
        </div>
      </form>
    </>
  );
}
