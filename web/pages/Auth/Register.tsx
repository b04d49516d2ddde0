import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { DiscordSignIn } from '../../components/DiscordSignIn.tsx';
import { Field } from '../../components/Field.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { route } from '../../generated/routes.ts';
import { bindFields, useFormAndPageErrors } from '../../lib/form-fields.ts';

export interface Props {
  discordEnabled: boolean;
}

/** Create an account: display name, email, password (rules in docs/accounts.md). */
export default function Register({ discordEnabled }: Props) {
  const form = useForm({ displayName: '', email: '', password: '', passwordConfirmation: '' });
  const field = bindFields(form, useFormAndPageErrors(form.errors));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.register.submit'), {
      onFinish: () => form.reset('password', 'passwordConfirmation'),
    });
  };
  return (
    <>
      <Head title="Create an account" />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Create an account</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Already have one?{' '}
        <Link href={route('auth.login')} className="font-medium text-accent hover:underline">
          Sign in
        </Link>
      </p>
      <form
        method="post"
        action={route('auth.register.submit')}
        onSubmit={submit}
        className="mt-6 grid gap-4"
        noValidate
        data-test="register-form"
      >
        <Field
          label="Display name"
          autoComplete="nickname"
          required
          maxLength={50}
          {...field('displayName')}
        />
        <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
        <NewPasswordFields
          field={field}
          label="Password"
          hint="At least 8 characters. Long passphrases are welcome; very common passwords are not."
        />
        <Button type="submit" busy={form.processing} data-test="register-submit">
          Create account
        </Button>
      </form>
      {discordEnabled && <DiscordSignIn label="Sign up with Discord" />}
    </>
  );
}
