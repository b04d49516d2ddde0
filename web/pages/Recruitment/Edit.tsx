import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { route } from '../../generated/routes.ts';
import { formatDate } from '../../lib/racing-format.ts';
import { FormAlert, formError } from '../../components/admin/AdminForm.tsx';
import { ProfileFields } from '../../components/recruitment/ProfileFields.tsx';
import type { FormLimits, FormOptions, ProfileFormFields, ProfileKind } from './types.ts';

export interface Props {
  profile: {
    id: string;
    kind: ProfileKind;
    status: 'open' | 'closed';
    expiresAt: string;
    closeReason: 'owner' | 'expired' | null;
    fields: ProfileFormFields;
  };
  options: FormOptions;
  limits: FormLimits;
}

type EditForm = ProfileFormFields & { status: 'open' | 'closed'; renew: boolean };

/**
 * `/recruitment/{id}/edit`: the owner changes the profile, closes or reopens it, or renews it
 * for another 60 days.
 */
export default function RecruitmentEdit({ profile, options, limits }: Props) {
  const form = useForm<EditForm>({ ...profile.fields, status: profile.status, renew: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(route('recruitment.update', { profileId: profile.id }), { preserveScroll: true });
  };
  const show = route('recruitment.profile.show', { profileId: profile.id });
  return (
    <>
      <Head title={`Edit “${profile.fields.title}”`} />
      <header className="mb-6">
        <p className="text-sm text-ink-muted">
          <Link href={route('recruitment.mine')} className="hover:text-ink hover:underline">
            My profiles
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Edit profile</h1>
        <p className="mt-2 text-ink-muted">
          {profile.status === 'open'
            ? `Open until ${formatDate(profile.expiresAt)}.`
            : profile.closeReason === 'expired'
              ? 'Expired: reopen it to put it back on the board.'
              : 'Closed: reopen it to put it back on the board.'}
        </p>
      </header>
      <form
        method="post"
        action={route('recruitment.update', { profileId: profile.id })}
        onSubmit={submit}
        noValidate
        className="grid max-w-3xl gap-6"
        data-test="profile-form"
      >
        <input type="hidden" name="_method" value="put" />
        <FormAlert message={formError(form.errors)} />
        <Card>
          <ProfileFields
            data={form.data}
            set={(key, value) => form.setData((data) => ({ ...data, [key]: value }))}
            errors={form.errors}
            options={options}
            limits={limits}
          />
        </Card>
        <Card title="On the board">
          <fieldset className="grid gap-2" data-test="field-status">
            <legend className="sr-only">Status</legend>
            <label className="inline-flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="status"
                value="open"
                checked={form.data.status === 'open'}
                onChange={() => form.setData('status', 'open')}
                className="size-4"
              />
              Open: shown on the board
            </label>
            <label className="inline-flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="status"
                value="closed"
                checked={form.data.status === 'closed'}
                onChange={() => form.setData('status', 'closed')}
                className="size-4"
              />
              Closed: kept in your profiles, hidden from the board
            </label>
            {profile.status === 'open' && form.data.status === 'open' && (
              <label className="mt-2 inline-flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  name="renew"
                  checked={form.data.renew}
                  onChange={(e) => form.setData('renew', e.target.checked)}
                  className="size-4"
                  data-test="field-renew"
                />
                Renew: keep it open for {limits.openDays} days from today
              </label>
            )}
          </fieldset>
        </Card>
        <div className="flex items-center gap-3">
          <Button type="submit" busy={form.processing} data-test="profile-submit">
            Save profile
          </Button>
          <Link href={show} className="text-sm text-ink-muted hover:text-ink hover:underline">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
