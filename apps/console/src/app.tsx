import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { isUnauthorized } from './api/service-error';
import { Layout } from './components/layout';
import { CachePage } from './pages/cache/cache-page';
import { ComparePage } from './pages/results/compare-page';
import { ResultsPage } from './pages/results/results-page';
import { RunPage } from './pages/results/run-page';
import { SignInPage } from './pages/sign-in/sign-in-page';
import { SimulationEditPage } from './pages/simulations/simulation-edit-page';
import { SimulationPage } from './pages/simulations/simulation-page';
import { SimulationsPage } from './pages/simulations/simulations-page';
import { SyncPage } from './pages/simulations/sync-page';
import { UsersPage } from './pages/users/users-page';
import { sessionStore } from './session/session-store';
import { useSession } from './session/use-session';

/** A 401 from any service means the session is gone: forget it, and RequireSession sends the page to sign-in. */
const onError = (error: unknown) => {
  if (isUnauthorized(error)) sessionStore.expire();
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: (count, error) => !isUnauthorized(error) && count < 1, staleTime: 10_000, refetchOnWindowFocus: false },
  },
});

function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

const router = createBrowserRouter([
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/simulations" replace /> },
          { path: 'simulations', element: <SimulationsPage /> },
          { path: 'simulations/:name', element: <SimulationPage /> },
          { path: 'simulations/:name/edit', element: <SimulationEditPage /> },
          { path: 'sync', element: <SyncPage /> },
          { path: 'results', element: <ResultsPage /> },
          { path: 'results/:executionId', element: <RunPage /> },
          { path: 'compare', element: <ComparePage /> },
          { path: 'cache', element: <CachePage /> },
          { path: 'users', element: <UsersPage /> },
          { path: '*', element: <p className="state">No such page.</p> },
        ],
      },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
