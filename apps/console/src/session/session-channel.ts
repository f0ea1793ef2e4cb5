import type { StoredSession } from './stored-session';

/**
 * What the console's tabs tell each other over a BroadcastChannel (same origin only: no other
 * site's script can post to it or hear it). A new tab asks; a tab holding the session answers;
 * a sign-in, refresh or end in one tab reaches the others.
 */
export type SessionMessage =
  { type: 'ask' } | { type: 'answer'; session: StoredSession } | { type: 'changed'; session: StoredSession | undefined; reason?: string };

export const SESSION_CHANNEL = 'simsvc.session';

/** How long a new tab waits for another tab's answer before showing sign-in. */
export const JOIN_WAIT_MS = 400;

export function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; session?: { token?: unknown } };
  if (message.type === 'ask') return true;
  const hasSession = typeof message.session === 'object' && message.session !== null && typeof message.session.token === 'string';
  if (message.type === 'answer') return hasSession;
  return message.type === 'changed' && (hasSession || message.session === undefined);
}
