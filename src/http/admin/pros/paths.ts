/** Server-side addresses of the admin pro-driver pages. */
export const adminProsPath = '/admin/pros';
export const adminProsCreatePath = '/admin/pros/create';
export const adminProEditPath = (id: string) => `/admin/pros/${id}`;
