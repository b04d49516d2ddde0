import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';
import { sealedValue } from './user-pii.ts';

/**
 * Events of the recruitment board (docs/recruitment.md). One stream per member,
 * `recruitment-<userId>`, holds every profile that member wrote, so the rule "at most three open
 * profiles" is decided on one stream. Shared by the recruitment commands and the recruitment
 * projection.
 *
 * Timestamps are ISO-8601 strings from the command's injected clock. The contact line is the
 * member's personal data: it travels sealed with the member's data key (user-pii.ts), so deleting
 * the account makes it unreadable in the log.
 */

export const recruitmentStreamName = (userId: string) => `recruitment-${userId}`;

/** iRacing's licence categories. */
export const RECRUITMENT_CATEGORIES = [
  'oval',
  'sports_car',
  'formula_car',
  'dirt_oval',
  'dirt_road',
] as const;
export type RecruitmentCategory = (typeof RECRUITMENT_CATEGORIES)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Race lengths a driver or team is after. */
export const RACE_FORMATS = ['sprint', 'endurance', 'both'] as const;
export type RaceFormat = (typeof RACE_FORMATS)[number];

/** Licence letters a team may require, lowest first. */
export const LICENCE_LETTERS = ['R', 'D', 'C', 'B', 'A', 'P'] as const;
export type RequiredLicence = (typeof LICENCE_LETTERS)[number];

const isoTime = z.iso.datetime({ offset: true });
const profileId = z.uuid();
const userId = z.uuid();
const category = z.enum(RECRUITMENT_CATEGORIES);

export const availabilityData = z.object({
  /** An IANA time zone ("Europe/Berlin"). */
  timeZone: z.string(),
  days: z.array(z.enum(WEEKDAYS)),
  format: z.enum(RACE_FORMATS),
});

/** A team's minimum per category; null: no minimum of that kind. */
export const requirementData = z.object({
  category,
  minIRating: z.number().int().nullable(),
  minLicence: z.enum(LICENCE_LETTERS).nullable(),
});

/** The fields an author writes (the kind is fixed at creation). */
export const profileFieldsData = z.object({
  title: z.string(),
  /** Markdown, sanitised when rendered. */
  description: z.string(),
  categories: z.array(category),
  seriesIds: z.array(z.number().int().positive()),
  availability: availabilityData,
  /** ISO 639-1 codes ("en", "de"). */
  languages: z.array(z.string()),
  /** Shown to signed-in members only; sealed with the author's data key. */
  contact: sealedValue.nullable(),
  /** Driver profiles: the iRacing customer id the stats are read for. */
  custId: z.number().int().positive().nullable(),
  /** Team profiles: the catalog team (src/events/team.ts), if any. */
  teamId: z.uuid().nullable(),
  /** Team profiles: what a driver needs. */
  requirements: z.array(requirementData),
});

export const recruitmentProfileCreatedData = profileFieldsData.extend({
  profileId,
  ownerId: userId,
  kind: z.enum(['driver', 'team']),
  createdAt: isoTime,
  expiresAt: isoTime,
});

/** Only the fields that changed are present. */
export const recruitmentProfileEditedData = z.object({
  profileId,
  changes: profileFieldsData.partial(),
  editedAt: isoTime,
});

/** The owner renewed an open profile, or reopened a closed one: open until `expiresAt`. */
export const recruitmentProfileRenewedData = z.object({
  profileId,
  reopened: z.boolean(),
  renewedAt: isoTime,
  expiresAt: isoTime,
});

export const recruitmentProfileClosedData = z.object({
  profileId,
  /** 'owner': closed by its author; 'expired': by the expiry job after 60 days unrenewed. */
  reason: z.enum(['owner', 'expired']),
  closedAt: isoTime,
});

export const recruitmentProfileDeletedData = z.object({
  profileId,
  by: z.enum(['owner', 'admin']),
  deletedAt: isoTime,
});

export const RecruitmentProfileCreated = defineEvent({
  type: 'RecruitmentProfileCreated',
  version: 1,
  schema: recruitmentProfileCreatedData,
});
export const RecruitmentProfileEdited = defineEvent({
  type: 'RecruitmentProfileEdited',
  version: 1,
  schema: recruitmentProfileEditedData,
});
export const RecruitmentProfileRenewed = defineEvent({
  type: 'RecruitmentProfileRenewed',
  version: 1,
  schema: recruitmentProfileRenewedData,
});
export const RecruitmentProfileClosed = defineEvent({
  type: 'RecruitmentProfileClosed',
  version: 1,
  schema: recruitmentProfileClosedData,
});
export const RecruitmentProfileDeleted = defineEvent({
  type: 'RecruitmentProfileDeleted',
  version: 1,
  schema: recruitmentProfileDeletedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type RecruitmentProfileFields = z.output<typeof profileFieldsData>;
export type RecruitmentProfileCreated = Domain<typeof RecruitmentProfileCreated>;
export type RecruitmentProfileEdited = Domain<typeof RecruitmentProfileEdited>;
export type RecruitmentProfileRenewed = Domain<typeof RecruitmentProfileRenewed>;
export type RecruitmentProfileClosed = Domain<typeof RecruitmentProfileClosed>;
export type RecruitmentProfileDeleted = Domain<typeof RecruitmentProfileDeleted>;
export type RecruitmentEvent =
  | RecruitmentProfileCreated
  | RecruitmentProfileEdited
  | RecruitmentProfileRenewed
  | RecruitmentProfileClosed
  | RecruitmentProfileDeleted;

/** Every definition of this file, for the event registry (src/events/index.ts). */
export const recruitmentEventDefinitions = [
  RecruitmentProfileCreated,
  RecruitmentProfileEdited,
  RecruitmentProfileRenewed,
  RecruitmentProfileClosed,
  RecruitmentProfileDeleted,
] as const;

/** The event types the recruitment projection reads. */
export const recruitmentEventTypes = recruitmentEventDefinitions.map(
  (d) => d.type,
) as readonly RecruitmentEvent['type'][];
