import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Field } from '../../components/Field.tsx';
import { FormSaved } from '../../components/FormSaved.tsx';
import { inputClasses, InputError } from '../../components/Input.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { StarToggle } from '../../components/StarToggle.tsx';
import { route } from '../../generated/routes.ts';
import { bindFields } from '../../lib/form-fields.ts';

export interface AccountSettings {
  id: string;
  email: string | null;
  displayName: string;
  iracingCustomerId: number | null;
  country: string | null;
  hasPassword: boolean;
  discord: { username: string } | null;
}

export interface Props {
  account: AccountSettings;
  favorites: { id: string; name: string }[];
  countries: { code: string; name: string }[];
  discordEnabled: boolean;
  /**
   * An account without a password proved its Discord account in the last few minutes (a
   * Discord sign-in or "Confirm with Discord"): it may set a password or delete itself.
   */
  discordConfirmed: boolean;
}

/** The signed-in member's account: profile, password, linked accounts, favorites, deletion. */
export default function SettingsIndex({
  account,
  favorites,
  countries,
  discordEnabled,
  discordConfirmed,
}: Props) {
  return (
    <>
      <Head title="Settings" />
      <h1 className="text-3xl font-bold tracking-tight text-ink">Settings</h1>
      <p className="mt-1 text-ink-muted">{account.email ?? 'Signed in with Discord'}</p>
      <div className="mt-6 grid max-w-3xl gap-6">
        <ProfileForm account={account} countries={countries} />
        <PasswordForm account={account} discordConfirmed={discordConfirmed} />
        <LinkedAccounts account={account} discordEnabled={discordEnabled} />
        <Card title="Favorite drivers" id="favorites" data-test="settings-favorites">
          {favorites.length === 0 ? (
            <p className="text-sm text-ink-muted">
              No favorites yet. Star a driver on their page to follow them.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {favorites.map((driver) => (
                <li key={driver.id} className="flex items-center justify-between py-2">
                  <Link
                    href={route('drivers.show', { id: driver.id })}
                    className="font-medium text-ink hover:text-accent"
                  >
                    {driver.name}
                  </Link>
                  <StarToggle driverId={driver.id} driverName={driver.name} initial />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <DeleteAccount account={account} discordConfirmed={discordConfirmed} />
      </div>
    </>
  );
}

function Actions({ children, saved }: { children: ReactNode; saved: boolean }) {
  return (
    <div className="flex items-center gap-3">
      {children}
      <FormSaved show={saved} />
    </div>
  );
}

function ProfileForm({ account, countries }: Pick<Props, 'account' | 'countries'>) {
  const form = useForm({
    displayName: account.displayName,
    iracingCustomerId: account.iracingCustomerId === null ? '' : String(account.iracingCustomerId),
    country: account.country ?? '',
  });
  const field = bindFields(form, form.errors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.user_info'), { preserveScroll: true });
  };
  return (
    <Card title="Profile" data-test="profile-card">
      <form
        method="post"
        action={route('auth.user_info')}
        onSubmit={submit}
        className="grid gap-4"
        noValidate
        data-test="profile-form"
      >
        <Field label="Display name" required maxLength={50} {...field('displayName')} />
        <Field
          label="iRacing customer id"
          inputMode="numeric"
          hint="Optional. Shown nowhere else; it lets us highlight you in results."
          {...field('iracingCustomerId')}
        />
        <div className="grid gap-1.5">
          <label htmlFor="settings-country" className="text-sm font-medium text-ink">
            Country
          </label>
          <select
            id="settings-country"
            name="country"
            className={inputClasses}
            value={form.data.country}
            aria-invalid={form.errors.country ? true : undefined}
            onChange={(e) => form.setData('country', e.target.value)}
            data-test="field-country"
          >
            <option value="">Not set</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <InputError message={form.errors.country} />
        </div>
        <Actions saved={form.recentlySuccessful}>
          <Button type="submit" busy={form.processing} data-test="profile-submit">
            Save profile
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

function PasswordForm({ account, discordConfirmed }: Pick<Props, 'account' | 'discordConfirmed'>) {
  const form = useForm({ currentPassword: '', password: '', passwordConfirmation: '' });
  const field = bindFields(form, form.errors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('auth.change_password'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: () => form.reset('currentPassword', 'password', 'passwordConfirmation'),
    });
  };
  const canSet = account.hasPassword || account.email !== null;
  return (
    <Card
      title={account.hasPassword ? 'Change password' : 'Set a password'}
      data-test="password-card"
    >
      {!canSet ? (
        <p className="text-sm text-ink-muted">
          This account has no email address, so it signs in with Discord only.
        </p>
      ) : (
        <form
          method="post"
          action={route('auth.change_password')}
          onSubmit={submit}
          className="grid gap-4"
          noValidate
          data-test="password-form"
        >
          {!account.hasPassword && !discordConfirmed && (
            <ConfirmWithDiscord action="set a password" />
          )}
          {account.hasPassword && (
            <Field
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              {...field('currentPassword')}
            />
          )}
          <NewPasswordFields
            field={field}
            confirmationLabel="Repeat the new password"
            hint="At least 8 characters. Other devices are signed out when it changes."
          />
          <Actions saved={form.recentlySuccessful}>
            <Button type="submit" busy={form.processing} data-test="password-submit">
              {account.hasPassword ? 'Change password' : 'Set password'}
            </Button>
          </Actions>
        </form>
      )}
    </Card>
  );
}

function LinkedAccounts({ account, discordEnabled }: Pick<Props, 'account' | 'discordEnabled'>) {
  const form = useForm({});
  const unlink = (event: FormEvent) => {
    event.preventDefault();
    form.delete(route('auth.linked_account.destroy'), { preserveScroll: true });
  };
  return (
    <Card title="Linked accounts" data-test="linked-accounts">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink">
          Discord:{' '}
          {account.discord ? (
            <span className="font-medium" data-test="discord-linked">
              {account.discord.username}
            </span>
          ) : (
            <span className="text-ink-muted">not linked</span>
          )}
        </p>
        {account.discord ? (
          <form method="post" action={route('auth.linked_account.destroy')} onSubmit={unlink}>
            <input type="hidden" name="_method" value="delete" />
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              busy={form.processing}
              data-test="discord-unlink"
            >
              Unlink
            </Button>
          </form>
        ) : (
          discordEnabled && (
            <a
              href={route('auth.discord.redirect')}
              className="text-sm font-medium text-accent hover:underline"
              data-test="discord-link"
            >
              Link Discord
            </a>
          )
        )}
      </div>
      <InputError message={(form.errors as Record<string, string | undefined>).discord} />
    </Card>
  );
}

function DeleteAccount({ account, discordConfirmed }: Pick<Props, 'account' | 'discordConfirmed'>) {
  const form = useForm({ password: '', confirmation: '' });
  const field = bindFields(form, form.errors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm('Delete your account and everything in it? This cannot be undone.')) return;
    form.delete(route('auth.user.destroy'), { preserveScroll: true, onError: () => form.reset() });
  };
  return (
    <Card title="Delete account" data-test="delete-account">
      <form
        method="post"
        action={route('auth.user.destroy')}
        onSubmit={submit}
        className="grid gap-4"
        noValidate
        data-test="delete-form"
      >
        <input type="hidden" name="_method" value="delete" />
        <p className="text-sm text-ink-muted">
          Deleting your account removes your profile, favorites and linked accounts for good. Your
          email address and name become unreadable everywhere, including our history of changes.
        </p>
        {account.hasPassword ? (
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
        ) : (
          <>
            {!discordConfirmed && <ConfirmWithDiscord action="delete this account" />}
            <Field label="Type DELETE to confirm" required {...field('confirmation')} />
          </>
        )}
        <div>
          <Button type="submit" variant="danger" busy={form.processing} data-test="delete-submit">
            Delete my account
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** An account without a password proves its owner with a fresh Discord sign-in first. */
function ConfirmWithDiscord({ action }: { action: string }) {
  return (
    <p className="text-sm text-ink-muted" data-test="confirm-with-discord">
      This account signs in with Discord. To {action}, first{' '}
      <a href={route('auth.discord.redirect')} className="font-medium text-accent hover:underline">
        confirm with Discord
      </a>{' '}
      that it is you.
    </p>
  );
}
