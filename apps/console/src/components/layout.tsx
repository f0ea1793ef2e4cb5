import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { sessionStore } from '../session/session-store';
import { useHasPrivilege, useSession } from '../session/use-session';
import { Loading } from './states';

export function Layout() {
  const session = useSession();
  const isAdmin = useHasPrivilege('manage_users');
  const isDeveloper = useHasPrivilege('update_catalog');
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await sessionStore.signOut();
    } catch {
      // The local session is gone either way; the server forgets an unrevoked one when it expires.
    } finally {
      setSigningOut(false);
      void navigate('/sign-in');
    }
  };

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">simsvc</span>
        <nav className="nav" aria-label="Main">
          <NavLink to="/simulations">Simulations</NavLink>
          <NavLink to="/results">Results</NavLink>
          <NavLink to="/cache">Cache</NavLink>
          {isDeveloper && <NavLink to="/sync">Sync</NavLink>}
          {isAdmin && <NavLink to="/users">Users</NavLink>}
        </nav>
        <span className="who" title={session?.privileges.join(', ')}>
          {session?.username ?? 'anonymous'} <span className="role">{session?.role}</span>
        </span>
        <button type="button" className="secondary" onClick={() => void signOut()} disabled={signingOut}>
          Sign out
        </button>
      </header>
      <main className="content" id="main" tabIndex={-1}>
        <Suspense fallback={<Loading what="the page" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
