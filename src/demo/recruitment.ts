import { aggregateStream } from '../commands/core/aggregate-stream.ts';
import { recruitmentDecider } from '../commands/recruitment/decider.ts';
import {
  runRecruitmentCommand,
  type RecruitmentCommandDeps,
} from '../commands/recruitment/handlers.ts';
import {
  LICENCE_LETTERS,
  RACE_FORMATS,
  RECRUITMENT_CATEGORIES,
  recruitmentStreamName,
  WEEKDAYS,
  type RecruitmentCategory,
  type RequiredLicence,
  type Weekday,
} from '../events/recruitment.ts';
import type { Position } from '../eventstore/port.ts';
import { demoUuid, seededPicker } from './ids.ts';
import { demoTeamId, demoTeams } from './teams.ts';

/**
 * Demo recruitment profiles for the embedded default: about sixty, written through the
 * recruitment commands (never by inserting rows) — 45 drivers looking for a team, each linked to
 * a driver of the demo racing world so the board shows live figures, and 15 teams looking for
 * drivers, each linked to a demo team of the catalog. Each demo author (a stable id, not an
 * account) has one profile; profiles are spread over the last six weeks, so some of the oldest
 * pass their 60 days while the site runs and the expiry job closes them. No contact lines: those
 * are sealed with an account's data key, and demo authors have no account.
 */

export const DEMO_DRIVER_PROFILES = 45;
export const DEMO_TEAM_PROFILES = 15;

const ZONES = [
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Madrid',
  'Europe/Stockholm',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Asia/Tokyo',
  'UTC',
];
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ja'];
const CATEGORY_WORDS: Record<RecruitmentCategory, string> = {
  oval: 'oval',
  sports_car: 'GT and prototype',
  formula_car: 'open-wheel',
  dirt_oval: 'dirt oval',
  dirt_road: 'rallycross',
};
const DRIVER_HOOKS = [
  'Consistent {cat} driver looking for an endurance team',
  'Sprint racer seeking a {cat} team for league nights',
  '{cat} driver wants a team for the 24-hour specials',
  'Clean {cat} racer looking for practice partners and a team',
  'Returning {cat} driver looking for a friendly team',
];
const DRIVER_BODIES = [
  'I race most evenings and keep my incidents low. Looking for a team that shares **setups**, plans stints and debriefs after the race.',
  'Former karter, two seasons on iRacing. I can do night stints and I bring my own fuel calculator. Strategy nerds welcome.',
  'I want to improve my pace with data: telemetry reviews, coaching, shared replays. In return I am reliable and always on time for the grid.',
  'Looking for a relaxed but serious team: practice twice a week, race on weekends, no drama. Happy to drive the graveyard shift.',
  'Top-split ambitions, mid-split pace for now. I learn fast and I take feedback well. Endurance events are my favourite.',
];
const TEAM_HOOKS = [
  '{team} is looking for {cat} drivers',
  '{team}: seats open for the next endurance season',
  'Join {team} — {cat} line-up has room',
];
const TEAM_BODIES = [
  'We run two cars in every special event and need reliable drivers for the night stints. Shared setups, a strategist on every race, and a Discord that is actually friendly.',
  'We practise on Tuesdays and Thursdays and race on weekends. We expect clean driving and communication on the radio; pace comes with time.',
  'Our team plans stints with a shared spreadsheet and reviews telemetry after every race. Newcomers get a mentor for their first month.',
];

export const demoRecruiterId = (n: number) => demoUuid('recruiter', String(n));
export const demoRecruitmentProfileId = (n: number) => demoUuid('recruitment-profile', String(n));

export interface SeedRecruitmentResult {
  created: number;
  skipped: number;
  position: Position | null;
}

/**
 * Creates the demo profiles through the commands. Idempotent: ids are stable, and a profile
 * that exists (or existed: closed, deleted) is skipped. `custIds` gives the racing world's
 * drivers (none: no driver profiles).
 */
export async function seedDemoRecruitment(
  deps: RecruitmentCommandDeps,
  custIds: () => readonly number[],
): Promise<SeedRecruitmentResult> {
  const result: SeedRecruitmentResult = { created: 0, skipped: 0, position: null };
  const pick = seededPicker(20_261_126);
  const one = <T>(items: readonly T[]): T => items[pick.int(items.length)]!;
  const some = <T>(items: readonly T[], max: number): T[] => {
    const pool = [...items];
    const n = 1 + pick.int(max);
    return Array.from(
      { length: Math.min(n, pool.length) },
      () => pool.splice(pick.int(pool.length), 1)[0]!,
    );
  };
  const days = (): Weekday[] =>
    WEEKDAYS.filter(() => pick.next() < 0.45)
      .concat(['sat'])
      .filter((d, i, a) => a.indexOf(d) === i);
  const nowMs = (deps.now ?? (() => new Date()))().getTime();
  let drivers: number[] | null = null;
  const total = DEMO_DRIVER_PROFILES + DEMO_TEAM_PROFILES;
  for (let n = 0; n < total; n++) {
    const isDriver = n < DEMO_DRIVER_PROFILES;
    const ownerId = demoRecruiterId(n);
    const profileId = demoRecruitmentProfileId(n);
    // The draws happen whether the profile is created or skipped, so every profile keeps its
    // content across re-seeds.
    const categories = some(RECRUITMENT_CATEGORIES, 2);
    const cat = CATEGORY_WORDS[categories[0]!];
    const languages = ['en', ...some(LANGUAGES, 2)].filter((l, i, a) => a.indexOf(l) === i);
    const availability = { timeZone: one(ZONES), days: days(), format: one(RACE_FORMATS) };
    const hook = one(isDriver ? DRIVER_HOOKS : TEAM_HOOKS);
    const body = one(isDriver ? DRIVER_BODIES : TEAM_BODIES);
    const team = demoTeams[n % demoTeams.length]!;
    const requirement = (category: RecruitmentCategory) => ({
      category,
      minIRating: pick.next() < 0.6 ? 1000 + 250 * pick.int(10) : null,
      minLicence: one<RequiredLicence | null>([null, ...LICENCE_LETTERS.slice(1, 5)]),
    });
    const requirements = categories
      .map(requirement)
      .filter((r) => r.minIRating !== null || r.minLicence !== null);
    const ageHours = Math.floor((((n * 997) % 1000) / 1000) * 42 * 24);
    const { state } = await aggregateStream(
      deps.eventStore,
      recruitmentStreamName(ownerId),
      recruitmentDecider,
    );
    if (state.profiles[profileId]) {
      result.skipped++;
      continue;
    }
    drivers ??= [...custIds()];
    if (isDriver && drivers.length === 0) {
      result.skipped++;
      continue;
    }
    const custId = isDriver ? drivers[(n * 7919) % drivers.length]! : null;
    const title = hook.replace('{cat}', cat).replace('{team}', team.name);
    const outcome = await runRecruitmentCommand(
      {
        ...deps,
        now: () => new Date(nowMs - ageHours * 3_600_000),
        actor: deps.actor ?? { type: 'system', id: 'seed' },
      },
      ownerId,
      {
        type: 'CreateRecruitmentProfile',
        data: {
          profileId,
          ownerId,
          kind: isDriver ? 'driver' : 'team',
          title: title.charAt(0).toUpperCase() + title.slice(1),
          description: body,
          categories,
          availability,
          languages,
          custId,
          teamId: isDriver ? null : demoTeamId(team.name),
          requirements: isDriver ? [] : requirements,
        },
      },
    );
    result.created++;
    result.position = outcome.position ?? result.position;
  }
  return result;
}
