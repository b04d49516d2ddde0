import { Head, Link, useForm, usePage } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button, buttonClasses } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { route } from '../../generated/routes.ts';

export interface Props {
  /** Where to go after signing in (a same-site path checked by the server), or null. */
  returnTo: string | null;
  discordEnabled: boolean;
}

/** Sign in with email and password, or with Discord. Errors arrive in `props.errors`. */
export default function Login({ returnTo, discordEnabled }: Props) {
  const form = useForm({ email: '', password: '', returnTo: returnTo ?? '' });
  // The page's errors too: after a full reload (no form state) they are only in the props.
  const errors: Record<string, string | undefined> = { ...(usePage().props.errors as Record<string, string>), ...form.errors };
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
      <form onSubmit={submit} className="mt-6 grid gap-4" noValidate data-test="login-form">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={errors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.data.password}
          onChange={(e) => form.setData('password', e.target.value)}
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-3">
          <Link href={route('auth.forgot')} className="text-sm text-accent hover:underline" data-test="forgot-link">
            Forgot your password?
          </Link>
          <Button type="submit" busy={form.processing} data-test="login-submit">
            Sign in
          </Button>
        </div>
      </form>
      {discordEnabled && (
        <div className="mt-6 border-t border-line pt-6">
          <DiscordButton label="Continue with Discord" />
        </div>
      )}
    </>
  );
}

/** A plain link (a full page load), because the server answers with a redirect to Discord. */
function DiscordButton({ label }: { label: string }) {
  return (
    <a href={route('auth.discord.redirect')} className={buttonClasses('secondary', 'md', 'w-full')} data-test="discord-sign-in">
      {label}
    </a>
  );
}
