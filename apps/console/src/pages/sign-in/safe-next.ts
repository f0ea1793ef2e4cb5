/** Only a path of this console: never another origin (`//evil.example`). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/sign-in') ? next : '/simulations';
}
