import { z } from 'zod';
import {
  closeRecruitmentProfile,
  createRecruitmentProfile,
  deleteRecruitmentProfile,
  editRecruitmentProfile,
  renewRecruitmentProfile,
  type RecruitmentOutcome,
  type RecruitmentWriteDeps,
} from '../../commands/recruitment/handlers.ts';
import { getProfile, type RecruitmentProfileDto } from '../../queries/recruitment.ts';
import { accountsOf } from '../accounts/respond.ts';
import type { Limit } from '../auth/rate-limit.ts';
import { HttpError } from '../errors.ts';
import { mutation, refuse, type MutationContext } from '../mutation.ts';
import {
  createProfileForm,
  gatherFlatRequirements,
  profileForm,
  profileIdParams,
  type ProfileForm,
} from './schema.ts';

/** The read model the pages after a recruitment command read. */
const PROJECTIONS = ['recruitment'] as const;

/** New profiles a member may publish per hour (spam; the 3-open rule caps the rest). */
export const CREATE_LIMIT: Limit = { max: 10, windowMs: 60 * 60_000 };
export const CREATE_LIMITED = 'You have created many profiles in the last hour. Try again later.';

export const profilePath = (id: string) => `/recruitment/profiles/${id}`;
export const editPath = (id: string) => `/recruitment/${id}/edit`;

function writeDeps(ctx: MutationContext<unknown, unknown>): RecruitmentWriteDeps {
  return { ...ctx.commandDeps(), knex: ctx.deps.knex, keyring: accountsOf(ctx.deps).keyring };
}

/** The fields of the form as the commands take them; those of the other kind are dropped. */
function fieldsOf(kind: 'driver' | 'team', f: ProfileForm) {
  return {
    title: f.title,
    description: f.description,
    categories: f.categories,
    seriesIds: f.seriesIds,
    availability: { timeZone: f.timeZone, days: f.days, format: f.format },
    languages: f.languages,
    contact: f.contact,
    custId: kind === 'driver' ? (f.custId ?? null) : null,
    teamId: kind === 'team' ? (f.teamId ?? null) : null,
    requirements: kind === 'team' ? f.requirements : [],
  };
}

/**
 * POST /recruitment/create: publishes a profile (open for 60 days) and opens its page. At most
 * three open profiles (the decider's message under the form), at most CREATE_LIMIT creates per
 * hour; invalid fields go back to the form one by one.
 */
export const storeProfile = mutation({
  input: z.preprocess(gatherFlatRequirements, createProfileForm),
  form: '/recruitment/create',
  run: async (ctx) => {
    const { input, userId, deps, res } = ctx;
    const verdict = await accountsOf(deps).limiter.hit(
      `recruitment-create:${userId()}`,
      CREATE_LIMIT,
    );
    if (!verdict.allowed) {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      refuse({ _: CREATE_LIMITED });
    }
    return createRecruitmentProfile(writeDeps(ctx), {
      ownerId: userId(),
      kind: input.kind,
      ...fieldsOf(input.kind, input),
    });
  },
  projections: PROJECTIONS,
  answer: (outcome) => ({
    flash: { success: 'Profile published.' },
    redirect: profilePath(outcome.profileId),
  }),
});

/** The profile a route names, from the read model; 404 when there is none. */
async function namedProfile(ctx: {
  params: { profileId: string };
  deps: MutationContext<unknown, unknown>['deps'];
}): Promise<RecruitmentProfileDto> {
  const profile = await getProfile(ctx.deps.knex, ctx.params.profileId);
  if (!profile) throw new HttpError(404, 'This page does not exist.');
  return profile;
}

export const updateProfileForm = profileForm.extend({
  /** open: keep (or reopen) it; closed: take it off the board. */
  status: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.enum(['open', 'closed']).optional(),
  ),
  /** Open for another 60 days from now. */
  renew: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()),
});

/**
 * PUT /recruitment/{id}/edit: the owner saves the form; `status` closes or reopens the profile
 * and `renew` keeps it open for another 60 days. Another member: 403, nothing changed.
 */
export const updateProfile = mutation({
  params: profileIdParams,
  input: z.preprocess(gatherFlatRequirements, updateProfileForm),
  form: ({ profileId }) => editPath(profileId),
  authorize: async (ctx) => (await namedProfile(ctx)).ownerId === ctx.userId(),
  run: async (ctx) => {
    const { params, input, userId } = ctx;
    const profile = await namedProfile(ctx);
    const deps = writeDeps(ctx);
    const owner = userId();
    const results: RecruitmentOutcome[] = [];
    const { status, renew, ...fields } = input;
    const { custId, teamId, requirements, ...common } = fieldsOf(profile.kind, fields);
    results.push(
      await editRecruitmentProfile(deps, owner, {
        profileId: params.profileId,
        ...common,
        ...(profile.kind === 'driver' ? { custId } : { teamId, requirements }),
      }),
    );
    if (status === 'closed' && profile.status === 'open')
      results.push(await closeRecruitmentProfile(deps, owner, params.profileId));
    else if ((status === 'open' && profile.status === 'closed') || renew)
      results.push(await renewRecruitmentProfile(deps, owner, params.profileId));
    const changed = results.filter((r) => r.changed);
    return {
      changed: changed.length > 0,
      position: changed.at(-1)?.position ?? null,
    };
  },
  projections: PROJECTIONS,
  answer: (outcome, { params }) => ({
    flash: outcome.changed
      ? { success: 'Profile saved.' }
      : { info: 'Nothing to save: no field changed.' },
    redirect: profilePath(params.profileId),
  }),
});

/**
 * DELETE /recruitment/{id}: the owner (or an admin) deletes the profile; it leaves every list,
 * page and API answer. Anyone else: 403.
 */
export const destroyProfile = mutation({
  params: profileIdParams,
  authorize: async (ctx) => {
    const profile = await namedProfile(ctx);
    return profile.ownerId === ctx.userId() || ctx.user?.role === 'admin';
  },
  run: async (ctx) => {
    const profile = await namedProfile(ctx);
    const by = profile.ownerId === ctx.userId() ? 'owner' : 'admin';
    return deleteRecruitmentProfile(ctx.commandDeps(), profile.ownerId, profile.id, by);
  },
  projections: PROJECTIONS,
  answer: (_outcome, { user }) => ({
    flash: { success: 'Profile deleted.' },
    redirect: user?.role === 'admin' ? '/recruitment' : '/recruitment/mine',
  }),
});
