import { z } from 'zod';
import {
  PRO_LIMITS,
  proBackground,
  proBio,
  proGearIds,
  proCountry,
  proName,
  proTeamName,
} from '../../../commands/pros/rules.ts';
import { custId } from '../../../commands/teams/rules.ts';
import { adminSearchQuery, linksFieldOf, revisionField, uuidParams } from '../schema.ts';

/** Query, path and form schemas of the admin pro-driver routes (rules from commands/pros). */
export const ADMIN_PROS_PER_PAGE = 25;

export const adminProsQuery = adminSearchQuery;

export const proIdParams = uuidParams;

/** The customer id as typed: empty → none; otherwise digits. */
const custIdField = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const parsed = /^\d{1,10}$/.test(v) ? custId.safeParse(Number(v)) : null;
      if (!parsed?.success) {
        ctx.addIssue({ code: 'custom', message: 'Enter an iRacing customer id (digits only).' });
        return z.NEVER;
      }
      return parsed.data;
    }),
);

const proFormFields = {
  name: z.preprocess((v) => v ?? '', proName),
  custId: custIdField,
  countryCode: proCountry,
  background: proBackground,
  teamName: proTeamName,
  bioMarkdown: z.preprocess((v) => v ?? '', proBio),
  links: linksFieldOf(PRO_LIMITS.linksMax),
  /** The checked gear items: none sent → none; one → a list of one. */
  gearIds: z.preprocess(
    (v: unknown): unknown[] =>
      v == null || v === '' ? [] : Array.isArray(v) ? (v as unknown[]) : [v],
    proGearIds,
  ),
};

/** POST /admin/pros/create. */
export const createProForm = z.object(proFormFields);

/** PATCH /admin/pros/{id}: every field, and the revision the form was opened at. */
export const updateProForm = z.object({ ...proFormFields, expectedRevision: revisionField });
