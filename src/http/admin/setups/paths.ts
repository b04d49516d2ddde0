/** Server-side addresses of the admin setup pages. */
export const adminSetupsPath = '/admin/setups';
export const adminSetupsCreatePath = '/admin/setups/create';
export const adminSetupEditPath = (id: string) => `/admin/setups/${id}`;
