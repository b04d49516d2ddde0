import { Head, Link, useForm, usePage } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button, buttonClasses } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { route } from '../../generated/routes.ts';

export interface Props {
  discordEnabled: boolean;
}

/** Create an account: display name, email, password (rules in docs/accounts.md). */
export default function Register({ discordEnabled }: Props) {
  const form = useForm({ displayName: '', email: '', password: '', passwordConfirmation: '' });
  // The page's errors too: after a full reload (no form state) they are only in the props.
  const errors: Record<string, string | undefined> = { ...(usePage().props.errors as Record<string, string>), ...form.errors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.register.submit'), { onFinish: () => form.reset('password', 'passwordConfirmation') });
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
      <form onSubmit={submit} className="mt-6 grid gap-4" noValidate data-test="register-form">
        <Field
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          required
          maxLength={50}
          value={form.data.displayName}
          onChange={(e) => form.setData('displayName', e.target.value)}
          error={errors.displayName}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={errors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters. Long passphrases are welcome; very common passwords are not."
          value={form.data.password}
          onChange={(e) => form.setData('password', e.target.value)}
          error={errors.password}
        />
        <Field
          label="Repeat the password"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          required
          value={form.data.passwordConfirmation}
          onChange={(e) => form.setData('passwordConfirmation', e.target.value)}
          error={errors.passwordConfirmation}
        />
        <Button type="submit" busy={form.processing} data-test="register-submit">
          Create account
        </Button>
      </form>
      {discordEnabled && (
        <div className="mt-6 border-t border-line pt-6">
          <DiscordButton label="Sign up with Discord" />
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
