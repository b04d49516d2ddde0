import type {
  PastSeasonsResponse,
  SeasonList,
  SeriesSeason as SeriesSeasonPayload,
} from '../../../ingest/schemas/index.ts';
import { TRACK_CATEGORIES, licenceCategory } from '../catalog/categories.ts';
import { carClassById } from '../catalog/cars.ts';
import { SERIES, scheduleDescription, type SeriesDefinition } from '../catalog/series.ts';
import { RACE_WEEKS, WEEK_MS, isoDate, isoSeconds } from '../world/calendar.ts';
import type { SeasonRef } from '../world/calendar.ts';
import type { ScheduledWeek, SeriesSeason } from '../world/schedules.ts';
import type { DemoWorld } from '../world/world.ts';
import { allowedLicences, seasonName, seasonShortName, seriesLogo } from './naming.ts';

/**
 * series/seasons: by default the current seasons (the world's last quarter), as the API answers;
 * `season_year` + `season_quarter` (accepted by today's API) select another simulated quarter.
 * Each season carries its 12 weeks with track, format and explicit `race_time_descriptors`.
 */
export function seriesSeasons(
  world: DemoWorld,
  quarter?: { year: number; quarter: number },
): SeriesSeasonPayload[] {
  const season = quarter
    ? world.seasons.find((s) => s.year === quarter.year && s.quarter === quarter.quarter)
    : world.seasons[world.seasons.length - 1];
  if (!season) return [];
  const participants = participantsBySeason(world, season);
  return world
    .seriesSeasonsOf(season.index)
    .map((ss) => seriesSeasonPayload(world, ss, participants.get(ss.seasonId) ?? 0));
}

function participantsBySeason(world: DemoWorld, season: SeasonRef): Map<number, number> {
  world.simulation.advanceUntil(season.startMs + world.weeksRun(season) * WEEK_MS);
  const drivers = new Map<number, Set<number>>();
  for (const record of world.simulation.allRecords()) {
    const ss = record.session.seriesSeason;
    if (ss.season.index !== season.index) continue;
    const set = drivers.get(ss.seasonId) ?? new Set<number>();
    for (const d of record.entrants) set.add(d);
    drivers.set(ss.seasonId, set);
  }
  return new Map([...drivers].map(([id, set]) => [id, set.size]));
}

function seriesSeasonPayload(
  world: DemoWorld,
  ss: SeriesSeason,
  regUserCount: number,
): SeriesSeasonPayload {
  const { series, season } = ss;
  const current = season.index === world.seasons.length - 1;
  const weeksRun = world.weeksRun(season);
  const oval = series.category === 'oval' || series.category === 'dirt_oval';
  return {
    active: current,
    allowed_season_members: null,
    car_class_ids: [...series.carClassIds],
    car_types: carTypes(series),
    // Not in the 2022 recording: the licence category, so sports car and formula car seasons
    // (both on road tracks) can be told apart without series/get.
    category: licenceCategory(series.category).key,
    category_id: licenceCategory(series.category).id,
    caution_laps_do_not_count: false,
    complete: !current || weeksRun >= RACE_WEEKS,
    cross_license: false,
    driver_change_rule: 0,
    driver_changes: series.teamDrivers > 1,
    drops: 4,
    fixed_setup: series.fixedSetup,
    green_white_checkered_limit: oval ? 3 : 0,
    grid_by_class: series.carClassIds.length > 1,
    ignore_license_for_practice: true,
    incident_limit: series.incidentLimit,
    incident_warn_mode: 1,
    incident_warn_param1: Math.max(1, series.incidentLimit - 8),
    incident_warn_param2: 0,
    is_heat_racing: false,
    license_group: series.minGroup,
    license_group_types: [{ license_group_type: series.minGroup }],
    lucky_dog: series.cautions,
    max_team_drivers: series.teamDrivers,
    max_weeks: RACE_WEEKS,
    min_team_drivers: 1,
    multiclass: series.carClassIds.length > 1,
    must_use_diff_tire_types_in_race: false,
    next_race_session: null,
    num_opt_laps: 0,
    official: true,
    op_duration: series.slots.everyHours * 60,
    open_practice_session_type_id: 170,
    qualifier_must_start_race: false,
    race_week: current ? world.currentRaceWeek : RACE_WEEKS - 1,
    race_week_to_make_divisions: 0,
    reg_user_count: regUserCount,
    region_competition: true,
    restrict_by_member: false,
    restrict_to_car: false,
    restrict_viewing: false,
    schedule_description: scheduleDescription(series.slots),
    schedules: ss.weeks.map((week) => schedulePayload(ss, week)),
    season_id: ss.seasonId,
    season_name: seasonName(ss),
    season_quarter: season.quarter,
    season_short_name: seasonShortName(ss),
    season_year: season.year,
    send_to_open_practice: true,
    series_id: series.seriesId,
    start_date: isoSeconds(season.startMs),
    start_on_qual_tire: false,
    track_types: [
      { track_type: TRACK_CATEGORIES[licenceCategory(series.category).trackCategory].key },
    ],
    unsport_conduct_rule_mode: 0,
    ...(series.minGroup === 1 ? { rookie_season: 'A' } : {}),
  };
}

function schedulePayload(ss: SeriesSeason, week: ScheduledWeek) {
  const { series } = ss;
  const track = week.track;
  const trackCategory = TRACK_CATEGORIES[track.category];
  const { everyHours, firstHour, minute } = series.slots;
  const hour = firstHour % everyHours;
  return {
    season_id: ss.seasonId,
    race_week_num: week.raceWeekNum,
    series_id: series.seriesId,
    series_name: series.name,
    season_name: seasonName(ss),
    schedule_name: `${series.shortName} - ${scheduleDescription(series.slots).toLowerCase()}`,
    start_date: isoDate(week.startMs),
    simulated_time_multiplier: 1,
    race_lap_limit: week.timeLimitMinutes === null ? week.laps : null,
    race_time_limit: week.timeLimitMinutes,
    start_type: series.category === 'formula_car' ? 'Standing' : 'Rolling',
    restart_type: series.cautions ? 'Double-file Back' : 'Single-file',
    qual_attached: series.qualAttached,
    yellow_flags: series.cautions,
    special_event_type: null,
    track: {
      track_id: track.trackId,
      track_name: track.name,
      config_name: track.config,
      category_id: trackCategory.id,
      category: trackCategory.key,
    },
    weather: {
      type: 3,
      temp_units: week.weather.tempUnits,
      temp_value: week.weather.tempValue,
      rel_humidity: week.weather.relHumidity,
      fog: 0,
      wind_dir: week.weather.windDir,
      wind_units: week.weather.tempUnits,
      wind_value: week.weather.windValue,
      skies: week.weather.skies,
      weather_var_initial: 0,
      weather_var_ongoing: 0,
      time_of_day: week.weather.timeOfDay,
      simulated_start_time: week.weather.simulatedStartTime,
      simulated_time_offsets: [0, 0],
      simulated_time_multiplier: 1,
    },
    track_state: { leave_marbles: false },
    car_restrictions: series.carClassIds.flatMap((id) =>
      carClassById(id).cars.map((car) => ({
        car_id: car.carId,
        max_pct_fuel_fill: 100,
        weight_penalty_kg: 0,
        power_adjust_pct: 0,
        max_dry_tire_sets: 0,
      })),
    ),
    race_time_descriptors: [
      {
        repeating: true,
        super_session: false,
        session_minutes: ss.practiceMinutes + ss.qualifyMinutes + series.raceMinutes + 5,
        start_date: isoDate(week.startMs),
        day_offset: [0, 1, 2, 3, 4, 5, 6],
        first_session_time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`,
        repeat_minutes: everyHours * 60,
      },
    ],
  };
}

function carTypes(series: SeriesDefinition): { car_type: string }[] {
  const types = new Set<string>();
  for (const id of series.carClassIds)
    for (const car of carClassById(id).cars) for (const t of car.carTypes) types.add(t);
  return [...types].map((car_type) => ({ car_type }));
}

/** season/list for one quarter (simulated quarters only; others answer an empty list). */
export function seasonList(world: DemoWorld, year: number, quarter: number): SeasonList {
  const season = world.seasons.find((s) => s.year === year && s.quarter === quarter);
  const seasons = season
    ? world.seriesSeasonsOf(season.index).map((ss) => ({
        season_id: ss.seasonId,
        series_id: ss.series.seriesId,
        season_name: seasonName(ss),
        series_name: ss.series.name,
        official: true,
        season_year: year,
        season_quarter: quarter,
        license_group: ss.series.minGroup,
        fixed_setup: ss.series.fixedSetup,
        driver_changes: ss.series.teamDrivers > 1,
        ...(ss.series.minGroup === 1 ? { rookie_season: 'A' } : {}),
      }))
    : [];
  return { season_quarter: quarter, seasons, season_year: year };
}

/** series/past_seasons: the series and every simulated season of it, weeks reduced to tracks. */
export function pastSeasons(world: DemoWorld, seriesId: number): PastSeasonsResponse | null {
  const index = SERIES.findIndex((s) => s.seriesId === seriesId);
  const series = SERIES[index];
  if (!series) return null;
  const category = licenceCategory(series.category);
  const seasons = world.seasons
    .map((season) => world.seriesSeasonsOf(season.index)[index] as SeriesSeason)
    .reverse()
    .map((ss) => ({
      season_id: ss.seasonId,
      series_id: seriesId,
      season_name: seasonName(ss),
      season_short_name: seasonShortName(ss),
      season_year: ss.season.year,
      season_quarter: ss.season.quarter,
      active: ss.season.index === world.seasons.length - 1,
      official: true,
      driver_changes: series.teamDrivers > 1,
      fixed_setup: series.fixedSetup,
      license_group: series.minGroup,
      license_group_types: [{ license_group_type: series.minGroup }],
      car_classes: series.carClassIds.map((id) => {
        const cls = carClassById(id);
        return {
          car_class_id: id,
          short_name: cls.shortName,
          name: cls.name,
          relative_speed: cls.relativeSpeed,
        };
      }),
      race_weeks: ss.weeks.map((week) => ({
        season_id: ss.seasonId,
        race_week_num: week.raceWeekNum,
        track: {
          track_id: week.track.trackId,
          track_name: week.track.name,
          config_name: week.track.config,
        },
      })),
    }));
  return {
    success: true,
    series: {
      series_id: seriesId,
      series_name: series.name,
      series_short_name: series.shortName,
      category_id: category.id,
      category: category.key,
      active: true,
      official: true,
      fixed_setup: series.fixedSetup,
      search_filters: searchFilters(series),
      logo: seriesLogo(series),
      license_group: series.minGroup,
      license_group_types: [{ license_group_type: series.minGroup }],
      allowed_licenses: allowedLicences(series),
      seasons,
    },
    series_id: seriesId,
  };
}

function searchFilters(series: SeriesDefinition): string {
  const track = licenceCategory(series.category).trackCategory;
  return series.category === 'formula_car' ? `openwheel,${track}` : track;
}

/** series/get: every series of the world. */
export function seriesList(world: DemoWorld) {
  const first = world.seasons[0] as SeasonRef;
  return SERIES.map((series) => {
    const category = licenceCategory(series.category);
    const maxField = series.fieldCap;
    return {
      allowed_licenses: allowedLicences(series),
      category: category.key,
      category_id: category.id,
      eligible: true,
      first_season: { season_year: first.year, season_quarter: first.quarter },
      forum_url: `https://forums.iracing.com/categories/series-${series.seriesId}`,
      logo: seriesLogo(series),
      max_starters: maxField,
      min_starters: 2,
      official: true,
      oval_caution_type: series.cautions ? 1 : 0,
      road_caution_type: series.cautions ? 1 : 0,
      search_filters: searchFilters(series),
      series_id: series.seriesId,
      series_name: series.name,
      series_short_name: series.shortName,
    };
  });
}
