import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { DiscordSignIn } from '../../components/DiscordSignIn.tsx';
import { Field } from '../../components/Field.tsx';
import { route } from '../../generated/routes.ts';
import { bindFields, useFormAndPageErrors } from '../../lib/form-fields.ts';

export interface Props {
  /** Where to go after signing in (a same-site path checked by the server), or null. */
  returnTo: string | null;
  discordEnabled: boolean;
}

/** Sign in with email and password, or with Discord. Errors arrive in `props.errors`. */
export default function Login({ returnTo, discordEnabled }: Props) {
  const form = useForm({ email: '', password: '', returnTo: returnTo ?? '' });
  const field = bindFields(form, useFormAndPageErrors(form.errors));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.login.submit'), { onFinish: () => form.reset('password') });
  };
  return (
    <>
      <Head title="Sign in" />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Sign in</h1>
      <p className="mt-1 text-sm text-ink-muted">
        New here?{' '}
        <Link href={route('auth.register')} className="font-medium text-accent hover:underline">
          Create an account
        </Link>
      </p>
      <form
        method="post"
        action={route('auth.login.submit')}
        onSubmit={submit}
        className="mt-6 grid gap-4"
        noValidate
        data-test="login-form"
      >
        <input type="hidden" name="returnTo" value={form.data.returnTo} />
        <Field label="Email" type="email" autoComplete="username" required {...field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <Link
            href={route('auth.forgot')}
            className="text-sm text-accent hover:underline"
            data-test="forgot-link"
          >
            Forgot your password?
          </Link>
          <Button type="submit" busy={form.processing} data-test="login-submit">
            Sign in
          </Button>
        </div>
      </form>
      {discordEnabled && <DiscordSignIn label="Continue with Discord" />}
    </>
  );
}
