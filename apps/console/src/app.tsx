import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { isUnauthorized } from './api/service-error';
import { Layout } from './components/layout';
import { SignInPage } from './pages/sign-in/sign-in-page';
import { sessionStore } from './session/session-store';
import { useSession, useSessionJoining } from './session/use-session';
import { Loading } from './components/states';

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
  const joining = useSessionJoining();
  const location = useLocation();
  if (!session && joining) return <Loading what="the session" />;
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

// Each page is its own chunk, loaded when first opened (Layout shows a loading line meanwhile):
// the sign-in page does not carry ECharts or the other pages.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const SimulationsPage = page(() => import('./pages/simulations/simulations-page'), 'SimulationsPage');
const SimulationPage = page(() => import('./pages/simulations/simulation-page'), 'SimulationPage');
const SimulationEditPage = page(() => import('./pages/simulations/simulation-edit-page'), 'SimulationEditPage');
const SyncPage = page(() => import('./pages/simulations/sync-page'), 'SyncPage');
const ResultsPage = page(() => import('./pages/results/results-page'), 'ResultsPage');
const RunPage = page(() => import('./pages/results/run-page'), 'RunPage');
const CachePage = page(() => import('./pages/cache/cache-page'), 'CachePage');
const ComparePage = page(() => import('./pages/results/compare-page'), 'ComparePage');
const ExecutionPage = page(() => import('./pages/executions/execution-page'), 'ExecutionPage');
const UsersPage = page(() => import('./pages/users/users-page'), 'UsersPage');

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
          { path: 'executions/:executionId', element: <ExecutionPage /> },
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
