/** What every session may do (the `user` role, and anonymous sessions). */
const BASE = [
  'read_cache',
  'write_cache',
  'read_catalog',
  'record_execution',
  'execute_simulation',
  'read_results',
  'write_results',
] as const;
/** `developer` and the three it implies (IMPLIED). */
const DEVELOPER = ['developer', 'register_simulation', 'update_catalog', 'invalidate_cache'] as const;
/** `admin` and what it implies. */
const ADMIN = ['manage_users', 'admin'] as const;

/** Every privilege, in canonical order. */
export const PRIVILEGES = [...BASE, ...DEVELOPER, ...ADMIN] as const;

export type Privilege = (typeof PRIVILEGES)[number];
export type Role = 'user' | 'developer' | 'admin' | 'anonymous';
export const USER_ROLES = ['user', 'developer', 'admin'] as const;

/** Privileges each privilege brings with it (contract §3: `developer` implies three more). */
const IMPLIED: Partial<Record<Privilege, Privilege[]>> = {
  developer: ['register_simulation', 'update_catalog', 'invalidate_cache'],
  admin: ['manage_users'],
};

export const ROLE_PRIVILEGES: Record<Role, readonly Privilege[]> = {
  anonymous: BASE,
  user: BASE,
  developer: [...BASE, ...DEVELOPER],
  admin: PRIVILEGES,
};

export function isPrivilege(value: string): value is Privilege {
  return (PRIVILEGES as readonly string[]).includes(value);
}

/** The closure of a privilege list under implication, in canonical order. */
export function expandPrivileges(privileges: Iterable<Privilege>): Privilege[] {
  const held = new Set<Privilege>();
  const add = (privilege: Privilege) => {
    if (held.has(privilege)) return;
    held.add(privilege);
    IMPLIED[privilege]?.forEach(add);
  };
  for (const privilege of privileges) add(privilege);
  return PRIVILEGES.filter((privilege) => held.has(privilege));
}

/** The privileges of a stored role; none for a role this version does not know (a row changed by hand). */
export function privilegesOfRole(role: string): readonly Privilege[] {
  return Object.prototype.hasOwnProperty.call(ROLE_PRIVILEGES, role) ? ROLE_PRIVILEGES[role as Role] : [];
}

export function isUserRole(role: string): role is (typeof USER_ROLES)[number] {
  return (USER_ROLES as readonly string[]).includes(role);
}
