import type { Position } from '../eventstore/port.ts';
import { createPro, loadPro, type ProCommandDeps } from '../commands/pros/handlers.ts';
import { demoUuid, seededPicker } from './ids.ts';

/**
 * Demo pro drivers for the embedded default: fifteen fictional professionals created through the
 * pro-driver commands. Twelve are linked to drivers of the demo racing world (their pages show
 * live licences); three have no iRacing account, as some real pros do not.
 */
interface DemoPro {
  name: string;
  countryCode: string;
  background: string;
  teamName: string;
  bio: string;
  linked: boolean;
}

const pro = (
  name: string,
  countryCode: string,
  background: string,
  teamName: string,
  linked = true,
): DemoPro => ({
  name,
  countryCode,
  background,
  teamName,
  linked,
  bio: `## Career\n\n${name} races for **${teamName}**: ${background.toLowerCase()}.\n\n## In the sim\n\n- Uses iRacing to learn new tracks before race weekends\n- Runs the official series between events\n- Shares setups and onboard laps with the team`,
});

export const demoPros: readonly DemoPro[] = [
  pro(
    'Lena Hartmann',
    'DE',
    'GT3 factory driver and Nürburgring 24h winner',
    'Hartmann Motorsport',
  ),
  pro('Marco Bellini', 'IT', 'Le Mans LMP2 class winner', 'Scuderia Bellini'),
  pro('Tom Whitfield', 'GB', 'British GT champion and sim coach', 'Whitfield Racing'),
  pro('Sofia Lindqvist', 'SE', 'Touring-car race winner', 'Nordic Touring'),
  pro('Jake Morrison', 'US', 'NASCAR Xfinity regular', 'Morrison Motorsports'),
  pro('Aiko Tanaka', 'JP', 'Super Formula front-runner', 'Team Kaze'),
  pro('Pierre Lamarque', 'FR', 'Formula E reserve driver', 'Équipe Lamarque'),
  pro('Rafael Costa', 'BR', 'Stock Car Pro Series race winner', 'Costa Competições'),
  pro('Emma Novak', 'CZ', 'Porsche Supercup podium finisher', 'Novak Racing'),
  pro('Liam O’Connor', 'IE', 'IMSA GTD driver', 'Emerald Endurance'),
  pro('Hana Kowalski', 'PL', 'Rally champion turned circuit racer', 'Kowalski Rally Team'),
  pro('Diego Ramírez', 'MX', 'IndyCar Lights graduate', 'Ramírez Racing'),
  pro('Oliver Grant', 'AU', 'Supercars co-driver', 'Southern Cross Racing', false),
  pro('Nina Weber', 'AT', 'DTM test driver', 'Alpine Speed', false),
  pro('Carlos Vega', 'ES', 'GT World Challenge Endurance driver', 'Vega Motorsport', false),
];

export const demoProId = (name: string) => demoUuid('pro', name);

export interface SeedProsResult {
  created: string[];
  position: Position | null;
}

/**
 * Creates the demo pros through the commands; idempotent (ids from the names, an existing or
 * deleted pro is skipped). `custIds` gives the racing world's drivers, called only when a pro is
 * missing; `gearIds(name)` the gear each uses (empty by default).
 */
export async function seedDemoPros(
  deps: ProCommandDeps,
  custIds: () => readonly number[],
  gearIds: (index: number) => string[] = () => [],
): Promise<SeedProsResult> {
  const result: SeedProsResult = { created: [], position: null };
  const states = await Promise.all(
    demoPros.map(async (p) => (await loadPro(deps.eventStore, demoProId(p.name))).state),
  );
  if (states.every((s) => s.status !== 'absent')) return result;
  const pool = [...custIds()];
  const pick = seededPicker(20_260_015);
  const demoDeps: ProCommandDeps = { ...deps, actor: deps.actor ?? { type: 'system', id: 'seed' } };
  for (const [index, p] of demoPros.entries()) {
    const custId = p.linked && pool.length > 0 ? pool.splice(pick.int(pool.length), 1)[0]! : null;
    if (states[index]?.status !== 'absent') continue;
    const created = await createPro(demoDeps, {
      proId: demoProId(p.name),
      name: p.name,
      custId,
      countryCode: p.countryCode,
      background: p.background,
      teamName: p.teamName,
      bioMarkdown: p.bio,
      links: [
        {
          label: 'Website',
          url: `https://${p.name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`,
        },
      ],
      gearIds: gearIds(index),
    });
    result.created.push(p.name);
    result.position = created.position;
  }
  return result;
}
