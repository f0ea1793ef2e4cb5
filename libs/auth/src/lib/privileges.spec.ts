import { expandPrivileges, isPrivilege, PRIVILEGES, ROLE_PRIVILEGES } from './privileges';

describe('privileges', () => {
  const base = ['read_cache', 'write_cache', 'read_catalog', 'record_execution', 'execute_simulation', 'read_results', 'write_results'];

  it('gives each role the privileges of the contract table', () => {
    expect(ROLE_PRIVILEGES.anonymous).toEqual(base);
    expect(ROLE_PRIVILEGES.user).toEqual(base);
    expect(ROLE_PRIVILEGES.developer).toEqual([...base, 'developer', 'register_simulation', 'update_catalog', 'invalidate_cache']);
    expect(ROLE_PRIVILEGES.admin).toEqual([...PRIVILEGES]);
  });

  it('keeps every role closed under implication', () => {
    for (const privileges of Object.values(ROLE_PRIVILEGES)) expect(expandPrivileges(privileges)).toEqual([...privileges]);
  });

  it('expands developer to the three privileges it implies', () => {
    expect(expandPrivileges(['developer'])).toEqual(['developer', 'register_simulation', 'update_catalog', 'invalidate_cache']);
  });

  it('does not expand what implies nothing', () => {
    expect(expandPrivileges(['invalidate_cache'])).toEqual(['invalidate_cache']);
    expect(expandPrivileges([])).toEqual([]);
  });

  it('returns canonical order without duplicates', () => {
    expect(expandPrivileges(['update_catalog', 'read_cache', 'developer', 'read_cache'])).toEqual([
      'read_cache',
      'developer',
      'register_simulation',
      'update_catalog',
      'invalidate_cache',
    ]);
  });

  it('recognises exactly the known privilege names', () => {
    expect(PRIVILEGES.every(isPrivilege)).toBe(true);
    expect(isPrivilege('superuser')).toBe(false);
    expect(isPrivilege('READ_CACHE')).toBe(false);
    expect(isPrivilege('')).toBe(false);
  });
});
