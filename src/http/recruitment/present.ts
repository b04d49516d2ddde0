import type { Knex } from 'knex';
import { openContact } from '../../commands/recruitment/handlers.ts';
import { markdownToPlainText, renderUserMarkdown } from '../../content/markdown.ts';
import type { PiiKeyring } from '../../events/user-pii.ts';
import { SERIES_TABLE } from '../../projections/series/tables.ts';
import { USERS_TABLE } from '../../projections/users/tables.ts';
import { recruitmentStats } from '../../queries/recruitment-stats.ts';
import { sealedContactOf, type RecruitmentProfileDto } from '../../queries/recruitment.ts';
import { listTeams } from '../../queries/teams.ts';
import type {
  BoardOptions,
  FormOptions,
  ProfileCard,
  ProfileDetail,
} from '../../../web/pages/Recruitment/types.ts';

/**
 * Profiles shaped for the pages and the API: the read model's DTOs with the live racing figures
 * (src/queries/recruitment-stats.ts), series names, and — on a profile's own page — the
 * sanitised description, the author and, for a signed-in member only, the opened contact.
 */

const EXCERPT_CHARS = 220;

async function seriesNames(knex: Knex, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await knex(SERIES_TABLE)
    .whereIn('series_id', ids)
    .select<{ series_id: number; name: string }[]>('series_id', 'name');
  return new Map(rows.map((r) => [r.series_id, r.name]));
}

/** List cards of profiles (one round trip per kind of figure, not per profile). */
export async function profileCards(
  knex: Knex,
  profiles: readonly RecruitmentProfileDto[],
): Promise<ProfileCard[]> {
  const [stats, names] = await Promise.all([
    recruitmentStats(knex, profiles),
    seriesNames(knex, [...new Set(profiles.flatMap((p) => p.seriesIds))]),
  ]);
  return profiles.map((p) => ({
    id: p.id,
    kind: p.kind,
    status: p.status,
    title: p.title,
    excerpt: markdownToPlainText(p.description, EXCERPT_CHARS),
    categories: p.categories as ProfileCard['categories'],
    series: p.seriesIds.map((id) => ({ id, name: names.get(id) ?? `Series ${id}` })),
    availability: p.availability as ProfileCard['availability'],
    languages: p.languages,
    requirements: p.requirements as ProfileCard['requirements'],
    createdAt: p.createdAt,
    expiresAt: p.expiresAt,
    closeReason: p.closeReason,
    stats: stats.get(p.id) ?? null,
  }));
}

/** A profile's page: the card, the sanitised description, the author and the contact. */
export async function profileDetail(
  knex: Knex,
  keyring: PiiKeyring,
  profile: RecruitmentProfileDto,
  viewer: { id: string; role: 'member' | 'admin' } | null,
): Promise<ProfileDetail> {
  const [[card], author, sealed] = await Promise.all([
    profileCards(knex, [profile]),
    knex(USERS_TABLE)
      .where({ id: profile.ownerId })
      .first<{ display_name: string | null } | undefined>('display_name'),
    viewer && profile.hasContact ? sealedContactOf(knex, profile.id) : Promise.resolve(null),
  ]);
  const mine = viewer?.id === profile.ownerId;
  return {
    ...card!,
    descriptionHtml: renderUserMarkdown(profile.description),
    updatedAt: profile.updatedAt,
    hasContact: profile.hasContact,
    contact: viewer ? await openContact(knex, keyring, profile.ownerId, sealed) : null,
    author: author?.display_name ?? null,
    canEdit: mine,
    canDelete: mine || viewer?.role === 'admin',
  };
}

const COMMON_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'da',
  'no',
  'fi',
  'cs',
  'hu',
  'tr',
  'ru',
  'uk',
  'ja',
  'zh',
  'ko',
];
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
export const languageName = (code: string) => languageNames.of(code) ?? code;

const timeZones = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
})();

/** What the board's filters offer: time zones, languages, series with a name. */
export async function boardOptions(knex: Knex): Promise<BoardOptions> {
  const series = await knex(SERIES_TABLE)
    .orderByRaw('lower(name), series_id')
    .limit(500)
    .select<{ series_id: number; name: string }[]>('series_id', 'name');
  return {
    timeZones,
    languages: COMMON_LANGUAGES.map((value) => ({ value, label: languageName(value) })).sort(
      (a, b) => a.label.localeCompare(b.label, 'en'),
    ),
    series: series.map((s) => ({ value: s.series_id, label: s.name })),
  };
}

/** The form's options: the board's, and the catalog teams a team profile may link. */
export async function formOptions(knex: Knex): Promise<FormOptions> {
  const [board, teams] = await Promise.all([
    boardOptions(knex),
    listTeams(knex, { page: 1, perPage: 500, sort: 'name' }),
  ]);
  return { ...board, teams: teams.data.map((t) => ({ value: t.id, label: t.name })) };
}
