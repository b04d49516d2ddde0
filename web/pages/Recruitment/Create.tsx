import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { route } from '../../generated/routes.ts';
import { FormAlert, formError } from '../../components/admin/AdminForm.tsx';
import { ProfileFields } from '../../components/recruitment/ProfileFields.tsx';
import type { FormLimits, FormOptions, ProfileFormFields, ProfileKind } from './types.ts';

export interface Props {
  options: FormOptions;
  limits: FormLimits;
  openCount: number;
  /** The iRacing customer id on the member's account (the driver profile's default). */
  accountCustId: number | null;
}

/** `/recruitment/create`: a new driver or team profile, open for 60 days once published. */
export default function RecruitmentCreate({ options, limits, openCount, accountCustId }: Props) {
  const form = useForm<ProfileFormFields>({
    kind: 'driver',
    title: '',
    description: '',
    categories: [],
    seriesIds: [],
    timeZone: '',
    days: [],
    format: '',
    languages: [],
    contact: '',
    custId: accountCustId?.toString() ?? '',
    teamId: '',
    requirements: [],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('recruitment.store'), { preserveScroll: true });
  };
  const full = openCount >= limits.openProfilesMax;
  return (
    <>
      <Head title="New recruitment profile" />
      <header className="mb-6">
        <p className="text-sm text-ink-muted">
          <Link href={route('recruitment.mine')} className="hover:text-ink hover:underline">
            My profiles
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">New recruitment profile</h1>
        <p className="mt-2 text-ink-muted">
          Open for {limits.openDays} days, renewable. You have {openCount} of{' '}
          {limits.openProfilesMax} open profiles.
          {full && ' Close or delete one before publishing another.'}
        </p>
      </header>
      <form
        method="post"
        action={route('recruitment.store')}
        onSubmit={submit}
        noValidate
        className="grid max-w-3xl gap-6"
        data-test="profile-form"
      >
        <FormAlert message={formError(form.errors)} />
        <Card>
          <fieldset className="mb-6 grid gap-2" data-test="field-kind">
            <legend className="mb-1 text-sm font-medium text-ink">I am</legend>
            <div className="flex flex-wrap gap-4">
              {(
                [
                  ['driver', 'A driver looking for a team'],
                  ['team', 'A team looking for drivers'],
                ] as [ProfileKind, string][]
              ).map(([kind, label]) => (
                <label key={kind} className="inline-flex items-center gap-2 text-sm text-ink">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    checked={form.data.kind === kind}
                    onChange={() => form.setData('kind', kind)}
                    className="size-4"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <ProfileFields
            data={form.data}
            set={(key, value) => form.setData((data) => ({ ...data, [key]: value }))}
            errors={form.errors}
            options={options}
            limits={limits}
          />
        </Card>
        <div className="flex items-center gap-3">
          <Button type="submit" busy={form.processing} data-test="profile-submit">
            Publish profile
          </Button>
          <Link
            href={route('recruitment.mine')}
            className="text-sm text-ink-muted hover:text-ink hover:underline"
          >
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
