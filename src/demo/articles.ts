import { createHash } from 'node:crypto';
import type { Position } from '../eventstore/port.ts';
import {
  createArticle,
  loadArticle,
  publishArticle,
  type ArticleCommandDeps,
} from '../commands/articles/handlers.ts';

/**
 * Demo news for the embedded default and for development: six articles created and published
 * through the article commands (never by inserting rows), so the demo exercises the whole path
 * commands → events → projection → pages.
 */

interface DemoArticle {
  slug: string;
  title: string;
  excerpt: string;
  /** Published this many days before the seed's clock, so the news list has a history. */
  daysAgo: number;
  body: string;
}

export const demoArticles: readonly DemoArticle[] = [
  {
    slug: 'season-3-is-live',
    title: 'Season 3 is live: schedules, series pages and what changed',
    excerpt:
      'The new season is under way. Every series page now shows the full 12-week schedule, and lap-time tables reset for the new builds.',
    daysAgo: 1,
    body: `The new season opened this week, and Pitwall's series pages have rolled over with it.

## What you will find

- **Full schedules** for every official series: track, configuration, race length and week dates.
- **Fresh lap-time tables.** Car and track builds change between seasons, so last season's times stay
  in the archive and the new tables start empty. Expect them to fill quickly after the first races.
- **Strength-of-field charts** per week, updated as results come in.

## Why times reset

A new season usually brings tyre-model and physics updates. Comparing a lap from last season with one
from this season would compare two different cars, so records are kept per season. The world-records
page still lists the fastest lap ever recorded on each combination, with the season it was set in.

## Tell us what is missing

If a series or a week looks wrong, use the feedback link in the footer. Schedules are read from the
official data service, so most gaps close themselves within an hour of the next sync.`,
  },
  {
    slug: 'new-car-ferrari-296-gt3-lap-times',
    title: 'New car on the grid: lap-time tables for the Ferrari 296 GT3',
    excerpt:
      'The 296 GT3 joins the GT3 class in the multi-class series. First data from practice shows it close to the class benchmark.',
    daysAgo: 3,
    body: `The Ferrari 296 GT3 has joined the GT3 field, and Pitwall now tracks it in every series where it is
eligible.

## First numbers

Early practice data is noisy: few drivers, many out-laps, and everyone still learning the car. With that
caveat, the median clean lap of the top 10 % of drivers at the opening round looks like this:

| Car | Median clean lap (top 10 %) | Laps counted |
|---|---|---|
| Ferrari 296 GT3 | 1:47.9 | 412 |
| Class median | 1:48.1 | 3,870 |

We count a lap as *clean* when it has no incident points and no off-track flag, and we drop the first
lap of every stint.

## Where to look

Open any GT3 series and switch to the **Pace** tab. You can filter by car, by iRating band and by week,
and compare your own laps with the field. Setups shared for the car appear on the **Setups** tab as soon
as their authors publish them.`,
  },
  {
    slug: 'rules-update-incident-points-and-qualifying',
    title: 'Rules update: incident limits and a new qualifying format in the endurance series',
    excerpt:
      'Lower incident limits for the sprint races and a split qualifying session for endurance events take effect from week 2.',
    daysAgo: 6,
    body: `The series organisers have published an update to the sporting regulations that takes effect from
week 2 of the season.

## What changes

1. **Incident limits.** Sprint races now disqualify a driver at 17 incident points instead of 25. A
   warning is shown at 13 points.
2. **Qualifying for endurance races** is split into two 10-minute sessions: the first for the
   slower class, the second for the faster one. Grid positions inside each class come from that
   class's session only.
3. **Pit-lane speeding** during a full-course yellow now earns a stop-and-go instead of a drive-through.

## How Pitwall shows it

Results pages mark disqualifications for incidents with a **DQ (incidents)** label, and the
participation statistics count them separately from disconnects, so a driver's finishing rate is not
hidden behind a bad race.

Read the full text in the official regulations; this summary is ours and the regulations prevail.`,
  },
  {
    slug: 'championship-report-title-decided-at-spa',
    title: 'Championship report: the title is decided at Spa',
    excerpt:
      'A two-stop strategy and a late safety car settled the GT sprint championship in the final race of the season.',
    daysAgo: 10,
    body: `The GT sprint championship went to the final round with three drivers within eleven points, and it
was settled on the last lap at Spa-Francorchamps.

## The race

The top split started under clear skies with a strength of field above 4,000. The championship leader,
**Marta Kowalczyk**, qualified fifth and chose a two-stop strategy; her closest rival, **Jonas Lindqvist**,
started from pole on a single stop.

Lindqvist led the first stint comfortably, but a safety car on lap 14 turned the race around: Kowalczyk
pitted under the caution, rejoined sixth on fresh tyres and passed four cars through Eau Rouge and
Raidillon in the last ten laps.

## Final standings (top 3)

| Pos | Driver | Points |
|---|---|---|
| 1 | Marta Kowalczyk | 412 |
| 2 | Jonas Lindqvist | 405 |
| 3 | Diego Ferreira | 391 |

## By the numbers

- **7** wins for the champion in 12 rounds.
- **0.148 s**: the gap between the two title rivals in the fastest-lap table at Spa.
- **63 %** of the top split chose the two-stop strategy.

Full lap charts and the results of every split are on the session page.`,
  },
  {
    slug: 'hardware-review-direct-drive-wheel-bases',
    title: 'Hardware review: three direct-drive wheel bases in the 8–12 Nm range',
    excerpt:
      'Is a mid-range direct-drive base worth it over a belt-driven wheel? We ran the same stint on three bases and looked at the lap data.',
    daysAgo: 15,
    body: `Direct-drive wheel bases in the 8–12 Nm range have become the default upgrade from belt-driven
wheels. We tested three of them over the same 30-lap stint to see what changes on track, not just on
the spec sheet.

## How we tested

- Same car, track, setup and fuel load for every run; the same driver after a warm-up stint.
- Force feedback set so that peak torque in the fastest corner stayed just below clipping.
- Lap times and inputs recorded with telemetry; we compared **consistency** (the spread of clean laps)
  rather than the single best lap.

## Results

| Base | Peak torque | Clean-lap spread | Notes |
|---|---|---|---|
| Base A | 8 Nm | 0.41 s | Quiet, light, great value |
| Base B | 10 Nm | 0.36 s | Best detail over kerbs |
| Base C | 12 Nm | 0.35 s | Strongest, needs a rigid rig |

All three were more consistent than our belt-driven reference (0.58 s). The difference between the
three bases was small; the difference between any of them and the reference was not.

## Verdict

If your rig is rigid enough, any of the three is a real improvement. Buy the torque your rig can hold
without flexing; beyond about 10 Nm we saw no further gain in consistency. See the **Gear** pages for the
bases our community uses most, by discipline.`,
  },
  {
    slug: 'site-update-driver-comparison-and-dark-mode',
    title: 'Site update: driver comparison, faster pages and a dark theme',
    excerpt:
      'Compare any two drivers side by side, switch to the dark theme, and enjoy pages that load in a fraction of the time.',
    daysAgo: 21,
    body: `We have shipped the biggest Pitwall update so far. Here is what is new.

## Compare drivers

Open any driver and choose **Compare** to put two drivers side by side: iRating and safety-rating
history, wins, podiums and the series they race most. The comparison link can be shared.

## Faster pages

Leaderboards, records and statistics are now computed ahead of time from the race results, instead of
on every visit. Most pages answer in a few milliseconds, and they stay fast on race nights.

## Dark theme

The site follows your system's light or dark setting, and the switch in the header lets you choose one.

## Favorites

Signed-in members can save favorite drivers and find them on the home page.

## Privacy

You can delete your account from the settings page at any time. Everything that identifies you is
removed; see the [privacy policy](/privacy-policy) for the details.

Thank you to everyone who sent feedback during the beta. The full list of changes is in the
[changelog](/changelog).`,
  },
];

/** A stable uuid (version 5 layout, SHA-1 of the name) so re-seeding finds the same articles. */
export function demoArticleId(slug: string): string {
  const hex = createHash('sha1').update(`pitwall:demo-article:${slug}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SeedResult {
  created: string[];
  skipped: string[];
  /** The last appended position (null when nothing was appended): wait for it before reading. */
  position: Position | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates and publishes the demo articles through the commands. Idempotent: ids are derived
 * from the slugs, and an article that already exists is skipped (even if an editor changed or
 * unpublished it since). Each article is created and published at "now minus daysAgo".
 */
export async function seedDemoArticles(deps: ArticleCommandDeps): Promise<SeedResult> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const result: SeedResult = { created: [], skipped: [], position: null };
  for (const demo of demoArticles) {
    const articleId = demoArticleId(demo.slug);
    const { state } = await loadArticle(deps.eventStore, articleId);
    if (state.status !== 'absent') {
      result.skipped.push(demo.slug);
      continue;
    }
    const at = new Date(now - demo.daysAgo * DAY_MS);
    const demoDeps: ArticleCommandDeps = {
      ...deps,
      now: () => at,
      actor: deps.actor ?? { type: 'system', id: 'seed' },
    };
    await createArticle(demoDeps, {
      articleId,
      slug: demo.slug,
      title: demo.title,
      excerpt: demo.excerpt,
      bodyMarkdown: demo.body,
    });
    const published = await publishArticle(demoDeps, articleId);
    result.created.push(demo.slug);
    result.position = published.position;
  }
  return result;
}
