import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { describeError, ServiceCallError } from '../../api/service-error';
import { PageTitle } from '../../components/page-title';
import { sessionStore } from '../../session/session-store';
import { safeNext } from './safe-next';

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Read once: why the previous session ended (revoked, expired, signed out in another tab).
  const [ended] = useState(() => sessionStore.endReason());

  const run = async (signIn: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await signIn();
      void navigate(safeNext(params.get('next')), { replace: true });
    } catch (failure) {
      const refused = failure instanceof ServiceCallError && failure.status !== undefined && failure.status < 500;
      setError(refused ? failure.message : describeError(failure).title);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => sessionStore.signIn(username, password));
  };

  return (
    <main className="sign-in" id="main">
      <PageTitle parts={['Sign in']} />
      <form className="card sign-in-card" onSubmit={submit}>
        <h1>simsvc console</h1>
        <p className="muted">Browse simulations, plot results and watch the cache.</p>
        {ended && !error && (
          <p className="state state-info" role="status">
            {ended}
          </p>
        )}
        <label>
          Username
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {error && (
          <p className="state state-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => void run(() => sessionStore.continueAnonymously())}>
          Continue anonymously
        </button>
      </form>
    </main>
  );
}
