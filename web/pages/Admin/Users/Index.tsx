import { Head } from '@inertiajs/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/Badge.tsx';
import { Card } from '../../../components/Card.tsx';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { http } from '../../../lib/http.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** A row of GET /api/users (src/queries/users.ts, AdminUserSummary). */
export interface AdminUser {
  id: string;
  displayName: string;
  email: string | null;
  role: 'member' | 'admin';
  hasPassword: boolean;
  discordLinked: boolean;
  registeredAt: string;
}

interface UsersPage {
  data: AdminUser[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
}

const PER_PAGE = 25;

const columns: readonly Column<AdminUser>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (u) => <span className="font-medium text-ink">{u.displayName}</span>,
  },
  {
    key: 'email',
    header: 'Email',
    cell: (u) => u.email ?? <span className="text-ink-muted">none</span>,
    hideBelow: 'sm',
  },
  {
    key: 'role',
    header: 'Role',
    cell: (u) => <Badge>{u.role === 'admin' ? 'Admin' : 'Member'}</Badge>,
  },
  {
    key: 'signIn',
    header: 'Signs in with',
    cell: (u) =>
      [u.hasPassword && 'password', u.discordLinked && 'Discord'].filter(Boolean).join(', '),
    hideBelow: 'md',
  },
  {
    key: 'registered',
    header: 'Registered',
    cell: (u) => (
      <time dateTime={u.registeredAt}>{new Date(u.registeredAt).toLocaleDateString()}</time>
    ),
    hideBelow: 'md',
  },
];

/**
 * The admin list of accounts (client-rendered; data from GET /api/users, admins only).
 * Roles change on the command line: `npm run users -- promote <email>` (docs/accounts.md).
 */
export default function AdminUsersIndex(_props: Props) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'users', page],
    queryFn: () =>
      http.get('users', { searchParams: { page, perPage: PER_PAGE } }).json<UsersPage>(),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Head title="Users" />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Users</h1>
      <p className="mt-1 text-sm text-ink-muted">
        {query.data ? `${query.data.meta.total} accounts` : 'Loading accounts…'}
      </p>
      <Card className="mt-4" flush>
        {query.isError ? (
          <p className="p-4 text-sm text-danger" role="alert">
            The users could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <DataTable
            caption="Users"
            columns={columns}
            rows={query.data?.data ?? []}
            rowKey={(u) => u.id}
            empty={query.isLoading ? 'Loading…' : 'No accounts yet.'}
            data-test="admin-users-table"
          />
        )}
      </Card>
      {query.data && (
        <Pagination
          className="mt-4"
          page={page}
          pageCount={query.data.meta.lastPage}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
