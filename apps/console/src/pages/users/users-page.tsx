import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { User } from '../../api/types';
import { Pager } from '../../components/pager';
import { Empty, ErrorState, QueryView } from '../../components/states';
import { formatTime } from '../../format';
import { useHasPrivilege, useSession } from '../../session/use-session';
import { PageTitle } from '../../components/page-title';
import { TableWrap } from '../../components/table-wrap';

const PAGE_SIZE = 25;
const ROLES = ['user', 'developer', 'admin'] as const;
type Role = (typeof ROLES)[number];

export function UsersPage() {
  const canManage = useHasPrivilege('manage_users');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const users = useQuery({
    queryKey: ['users', page],
    queryFn: () =>
      call('cache', () => api.cache.GET('/users', { params: { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } })),
    enabled: canManage,
    placeholderData: keepPreviousData,
  });
  if (!canManage) {
    return (
      <section>
        <PageTitle parts={['Users']} />
        <h1>Users</h1>
        <Empty>Only administrators manage users.</Empty>
      </section>
    );
  }
  return (
    <section>
      <PageTitle parts={['Users']} />
      <h1>Users</h1>
      <div className="card">
        <h2>New user</h2>
        <CreateUserForm />
      </div>
      <div className="card">
        <QueryView query={users} what="users" isEmpty={(d) => d.users.length === 0}>
          {(data) => (
            <>
              <TableWrap label="Users">
                <table>
                  <thead>
                    <tr>
                      <th>Username</th>
                      <th>Email</th>
                      <th>Role</th>
                      <th>Created</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {data.users.map((user) => (
                      <UserRow key={user.username} user={user} />
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}

function UserRow({ user }: { user: User }) {
  const me = useSession()?.username === user.username;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const changeRole = useMutation({
    mutationFn: (role: Role) =>
      call('cache', () => api.cache.PATCH('/users/{username}', { params: { path: { username: user.username } }, body: { role } })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => call('cache', () => api.cache.DELETE('/users/{username}', { params: { path: { username: user.username } } })),
    onSuccess: refresh,
  });
  return (
    <tr>
      <td>
        {user.username} {user.disabled && <span className="badge">disabled</span>}
      </td>
      <td>{user.email ?? '—'}</td>
      <td>
        <select
          aria-label={`Role of ${user.username}`}
          value={user.role}
          disabled={me || changeRole.isPending}
          onChange={(e) => changeRole.mutate(e.target.value as Role)}
        >
          {ROLES.map((role) => (
            <option key={role}>{role}</option>
          ))}
        </select>
        {changeRole.error && <ErrorState error={changeRole.error} />}
      </td>
      <td className="nowrap">{formatTime(user.created_at)}</td>
      <td>
        {!me && (
          <button
            type="button"
            className="danger small"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete ${user.username}? Their sessions are revoked.`)) remove.mutate();
            }}
          >
            Delete
          </button>
        )}
        {remove.error && <ErrorState error={remove.error} />}
      </td>
    </tr>
  );
}

function CreateUserForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => call('cache', () => api.cache.POST('/users', { body: { username, password, role, email: email || undefined } })),
    onSuccess: async () => {
      setUsername('');
      setPassword('');
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="form form-row" onSubmit={submit}>
      <label>
        New username
        <input value={username} onChange={(e) => setUsername(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        New password
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          minLength={8}
          autoComplete="new-password"
        />
      </label>
      <label>
        Email
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Create user
        </button>
      </div>
      {create.data && <p className="ok">Created {create.data.username}.</p>}
      {create.error && <ErrorState error={create.error} />}
    </form>
  );
}
