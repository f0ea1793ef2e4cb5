/** Usernames: 1–64 characters of letters, digits, `.`, `_`, `-`, `@`, starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const USERNAME_RULE = 'username must be 1-64 characters of letters, digits, ".", "_", "-" or "@", starting with a letter or digit';
export const USER_ROLE_NAMES = ['user', 'developer', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLE_NAMES)[number];
