import type { Knex } from 'knex';
import type { Position } from '../eventstore/port.ts';
import type { TeamLogoRef } from '../events/team.ts';
import {
  createTeam,
  loadTeam,
  updateTeam,
  type TeamCommandDeps,
} from '../commands/teams/handlers.ts';
import { storeFile } from '../files/store.ts';
import { demoUuid, seededPicker } from './ids.ts';
import { demoTeamLogo } from './team-logo.ts';

/**
 * Demo teams for the embedded default: twenty teams created through the team commands (never by
 * inserting rows). Members are customer ids of the demo racing world, each driver in at most one
 * team, picked deterministically, so the team pages show live iRating and licences. Each has a
 * generated logo (team-logo.ts) stored in the file store the admin's logo upload uses.
 */
interface DemoTeam {
  name: string;
  tag: string;
  description: string;
  links: { label: string; url: string }[];
}

const site = (slug: string) => ({ label: 'Website', url: `https://${slug}.example` });

export const demoTeams: readonly DemoTeam[] = [
  [
    'Apex Predators Racing',
    'APX',
    'Endurance specialists: 24-hour races in GT3 and LMP2, with a driver line-up that shares setups and stints.',
  ],
  [
    'Blue Flag Motorsport',
    'BFM',
    'A friendly league team for drivers moving up from Rookie to C licence. Clean racing first.',
  ],
  ['Chicane Collective', 'CHC', 'Sprint-race specialists in the Porsche Cup and the GT4 series.'],
  [
    'Dirt Devils',
    'DRT',
    'Dirt oval and dirt road: sprint cars, late models and rallycross every week.',
  ],
  [
    'Eau Rouge Engineering',
    'ERE',
    'Data-driven team: telemetry reviews after every race and a shared setup library.',
  ],
  [
    'Full Send Esports',
    'FSE',
    'Top-split regulars in the Formula series, streaming every official race.',
  ],
  [
    'Gravel Trap Racing',
    'GTR',
    'Weekend racers in GT4 and TCR, known for never giving up a position without a fight.',
  ],
  [
    'Hairpin Heroes',
    'HPH',
    'Mixed team of oval and road racers; entries in the Daytona and Spa 24 hours.',
  ],
  [
    'Inside Line Racing',
    'ILR',
    'Oval specialists from the NASCAR ladder: trucks, Xfinity and Cup.',
  ],
  ['Kerb Hoppers', 'KHP', 'Mazda MX-5 Cup and Formula Vee: the grassroots of sim racing.'],
  [
    'Late Brakers Club',
    'LBC',
    'A club for drivers who race after work: European evening slots only.',
  ],
  [
    'Nordschleife Night Crew',
    'NNC',
    'Nürburgring 24h specialists. Every lap of the Green Hell, every night.',
  ],
  [
    'Oversteer Syndicate',
    'OVS',
    'Drifting into the top split since 2019. GT3 and Super Formula Lights.',
  ],
  [
    'Pit Lane Pirates',
    'PLP',
    'Strategy nerds: fuel calculators, tyre models and undercut planning.',
  ],
  ['Quali Kings', 'QKG', 'Time-trial hunters chasing world-record laps in every season.'],
  ['Racing Line Academy', 'RLA', 'Coaching team: new drivers paired with experienced mentors.'],
  [
    'Slipstream Squadron',
    'SLS',
    'Superspeedway pack racers; drafting partners for the Daytona 500.',
  ],
  ['Trail Brake Team', 'TBT', 'IMSA and GT endurance with an all-European line-up.'],
  ['Understeer United', 'UUN', 'Touring cars and TCR: bumpers are optional, respect is not.'],
  ['Vortex Simsport', 'VTX', 'Formula car team in the F4, FR 2.0 and Super Formula series.'],
].map(([name, tag, description]) => ({
  name: name!,
  tag: tag!,
  description: description!,
  links: [site(name!.toLowerCase().replace(/[^a-z0-9]+/g, '-'))],
}));

export const demoTeamId = (name: string) => demoUuid('team', name);

/** Stores the team's generated logo (idempotent: a stable file id) and returns its reference. */
async function storeDemoTeamLogo(knex: Knex, team: DemoTeam): Promise<TeamLogoRef> {
  const file = await storeFile(knex, {
    fileId: demoUuid('team-logo', team.name),
    kind: 'team_logo',
    fileName: `${team.links[0]!.url.replace(/^https:\/\/|\.example$/g, '')}-logo.png`,
    mediaType: 'image/png',
    content: demoTeamLogo(team),
  });
  return { ...file, mediaType: 'image/png' };
}

export interface SeedTeamsResult {
  created: string[];
  /** Demo teams that existed without a logo and untouched since the seed: given theirs. */
  logosAdded: string[];
  skipped: string[];
  position: Position | null;
}

/**
 * Creates the demo teams, each with its logo (stored first, then the command that names it),
 * through the commands. Idempotent: ids come from the names and a team that exists (or was
 * deleted by an admin) is skipped, except that a demo team seeded without a logo and never
 * edited since (its stream holds only its creation) gets its logo. `custIds` gives the racing
 * world's drivers (called only when a team is missing, since it may build the world); none
 * gives empty teams.
 */
export async function seedDemoTeams(
  deps: TeamCommandDeps & { knex: Knex },
  custIds: () => readonly number[],
): Promise<SeedTeamsResult> {
  const result: SeedTeamsResult = { created: [], logosAdded: [], skipped: [], position: null };
  const loaded = await Promise.all(
    demoTeams.map((team) => loadTeam(deps.eventStore, demoTeamId(team.name))),
  );
  const states = loaded.map((l) => l.state);
  const demoDeps: TeamCommandDeps = {
    ...deps,
    actor: deps.actor ?? { type: 'system', id: 'seed' },
  };
  for (const [i, { state, revision }] of loaded.entries()) {
    if (state.status !== 'active' || state.logo !== null || revision !== 0n) continue;
    const team = demoTeams[i]!;
    const logo = await storeDemoTeamLogo(deps.knex, team);
    const updated = await updateTeam(
      demoDeps,
      { teamId: demoTeamId(team.name), logo },
      { expectedRevision: 0n },
    );
    result.logosAdded.push(team.name);
    result.position = updated.position ?? result.position;
  }
  if (states.every((state) => state.status !== 'absent')) {
    result.skipped.push(...demoTeams.map((team) => team.name));
    return result;
  }
  const pick = seededPicker(20_260_013);
  const pool = [...custIds()];
  for (const team of demoTeams) {
    const size = Math.min(pool.length, 3 + pick.int(10));
    const members: number[] = [];
    for (let i = 0; i < size; i++) members.push(pool.splice(pick.int(pool.length), 1)[0]!);
    const teamId = demoTeamId(team.name);
    if (states[demoTeams.indexOf(team)]?.status !== 'absent') {
      result.skipped.push(team.name);
      continue;
    }
    const logo = await storeDemoTeamLogo(deps.knex, team);
    const created = await createTeam(demoDeps, { teamId, ...team, memberCustIds: members, logo });
    result.created.push(team.name);
    result.position = created.position;
  }
  return result;
}
