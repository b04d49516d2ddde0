import type { GearType } from '../Gears/types.ts';
import type { MemberLicence, PageMeta } from '../Teams/types.ts';

/** The pro-driver shapes pages receive (mirroring src/queries/pros.ts). */
export type { PageMeta };

export interface ProSummary {
  id: string;
  name: string;
  custId: number | null;
  countryCode: string | null;
  background: string | null;
  teamName: string | null;
  topLicense: MemberLicence | null;
  updatedAt: string;
}

export interface Pro extends ProSummary {
  iracingName: string | null;
  /** Sanitised on the server; safe to inject. */
  bioHtml: string;
  links: { label: string; url: string }[];
  licenses: MemberLicence[];
  gear: { id: string; type: GearType; typeSlug: string; brand: string; model: string }[];
  createdAt: string;
}
