import { z } from 'zod';

/** `/api/users?page=&perPage=` (admins). */
export const apiUsersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
