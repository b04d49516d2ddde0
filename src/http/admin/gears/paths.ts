/** Server-side addresses of the admin gear pages. */
export const adminGearsPath = '/admin/gears';
export const adminGearsCreatePath = '/admin/gears/create';
export const adminGearEditPath = (id: string) => `/admin/gears/${id}`;
