import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store';
import { hasPrivilege, StoredSession } from './stored-session';

export function useSession(): StoredSession | undefined {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.current);
}

export function useHasPrivilege(privilege: string): boolean {
  return hasPrivilege(useSession(), privilege);
}

/** True while a new tab waits for the session of the browser's other tabs. */
export function useSessionJoining(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.isJoining);
}
