/** Server-side addresses of the admin team pages (the route table's paths, filled in). */
export const adminTeamsPath = '/admin/teams';
export const adminTeamsCreatePath = '/admin/teams/create';
export const adminTeamEditPath = (id: string) => `/admin/teams/${id}`;
