import { z } from 'zod';
import {
  proBackground,
  proBio,
  proCountry,
  proCustId,
  proGearIds,
  proLinks,
  proName,
  proTeamName,
} from './rules.ts';

/** Pro-driver commands: input schemas and the command union the decider handles. */
export const createProInput = z.object({
  proId: z.uuid(),
  name: proName,
  custId: proCustId,
  countryCode: proCountry,
  background: proBackground,
  teamName: proTeamName,
  bioMarkdown: proBio.default(''),
  links: proLinks.default([]),
  gearIds: proGearIds.default([]),
});

/** Partial: an absent field stays as it is. */
export const updateProInput = z.object({
  proId: z.uuid(),
  name: proName.optional(),
  custId: proCustId.optional(),
  countryCode: proCountry.optional(),
  background: proBackground.optional(),
  teamName: proTeamName.optional(),
  bioMarkdown: proBio.optional(),
  links: proLinks.optional(),
  gearIds: proGearIds.optional(),
});

export type CreateProData = z.output<typeof createProInput>;
export type UpdateProData = z.output<typeof updateProInput>;

export type CreatePro = { type: 'CreatePro'; data: CreateProData };
export type UpdatePro = { type: 'UpdatePro'; data: UpdateProData };
export type DeletePro = { type: 'DeletePro'; data: { proId: string } };
export type ProCommand = CreatePro | UpdatePro | DeletePro;
