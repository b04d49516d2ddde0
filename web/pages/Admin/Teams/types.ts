/** What the admin team pages declare; src/http/admin/teams/pages.ts renders them. */
export interface TeamLimits {
  nameMin: number;
  nameMax: number;
  slugMax: number;
  tagMin: number;
  tagMax: number;
  descriptionMax: number;
  linksMax: number;
  membersMax: number;
  logoMaxBytes: number;
}

/** The form's fields as the textareas and inputs hold them. */
export interface TeamFormFields {
  name: string;
  slug: string;
  tag: string;
  description: string;
  /** One link per line: `https://…` or `Label | https://…`. */
  links: string;
  /** iRacing customer ids, one per line (commas and spaces also separate). */
  members: string;
}

/** The team's current logo on the edit form. */
export interface AdminTeamLogo {
  url: string | null;
  fileName: string;
  byteSize: number;
}

export interface AdminTeamEdit extends TeamFormFields {
  id: string;
  /** Slugs the team had before (their addresses redirect here). */
  formerSlugs: string[];
  /** The stream revision the form was opened at, as a decimal string. */
  revision: string;
}
