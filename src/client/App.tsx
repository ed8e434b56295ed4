import { Center } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { CurrentUser } from '../contract/auth';
import { AppLayout } from './components/app-layout';
import { Busy } from './components/busy';
import { FullPageLoader } from './components/full-page-loader';
import { TermsDialog } from './components/terms-dialog';
import { NotFoundPage } from './pages/errors/not-found-page';
import { SessionTimeoutPage } from './pages/errors/session-timeout-page';
import { InvitePage } from './pages/invite/invite-page';
import { takePendingInvitation } from './pages/invite/pending-invitation';
import { LandingPage } from './pages/landing/landing-page';
import { PrivacyPolicyPage } from './pages/legal/privacy-policy-page';
import { TermsOfServicePage } from './pages/legal/terms-of-service-page';
import { prefetchSection } from './section-prefetch';
import { SECTION_PATH_PATTERN } from './sections';
import { useCurrentUser } from './session/use-current-user';
import { useSessionExpiry } from './session/use-session-expiry';
import { useSessionUpkeep } from './session/use-session-upkeep';

// Signed-in pages load on demand, so the landing page does not download the editors and charts.
const DashboardPage = lazy(() =>
  import('./pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const TemplatesPage = lazy(() =>
  import('./pages/templates/templates-page').then((m) => ({ default: m.TemplatesPage })),
);
const CampaignsPage = lazy(() =>
  import('./pages/campaigns/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
);
const InboxPage = lazy(() => import('./pages/inbox/inbox-page').then((m) => ({ default: m.InboxPage })));
const AnalyticsPage = lazy(() =>
  import('./pages/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
);
const SettingsPage = lazy(() =>
  import('./pages/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);

const LEGAL_PATHS = ['/privacy-policy', '/terms-of-service'];

/**
 * The routes of docs/product.md §1. The signed-in sections only exist for a signed-in user: signed out (or
 * when the sign-in check fails) they fall through to the not-found page, and / is the landing page.
 */
export function App() {
  const { status, user } = useCurrentUser();
  const [location] = useLocation();
  useSessionUpkeep(user?.id ?? null);
  useSessionExpiry(status === 'signed-in');

  return (
    <>
      <Switch>
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-of-service" component={TermsOfServicePage} />
        <Route path="/session-timeout" component={SessionTimeoutPage} />
        <Route path="/invite/:token">{(params) => <InvitePage token={params.token} />}</Route>
        {user ? (
          <Route path={SECTION_PATH_PATTERN}>
            <SignedInSections user={user} />
          </Route>
        ) : (
          <Route path="/" component={LandingPage} />
        )}
        {/* While the check runs, a signed-in URL waits rather than flashing the not-found page. */}
        {status === 'loading' && (
          <Route path={SECTION_PATH_PATTERN}>
            <FullPageLoader />
          </Route>
        )}
        <Route component={NotFoundPage} />
      </Switch>
      {/*
        Not over the legal pages: the terms link to the Privacy Policy in a new tab so it can be read
        before accepting, and a dialog covering it would defeat that.
      */}
      <TermsDialog opened={user !== null && !user.termsAcceptedAt && !LEGAL_PATHS.includes(location)} />
    </>
  );
}

function SignedInSections({ user }: { user: CurrentUser }) {
  const [path, navigate] = useLocation();
  const queryClient = useQueryClient();
  // Back to an invitation opened before signing in (pages/invite).
  useEffect(() => {
    const invitation = takePendingInvitation();
    if (invitation) navigate(`~${invitation}`);
  }, [navigate]);
  // On each change of section, not of its query string: the page reads its own filters' changes.
  useEffect(() => {
    prefetchSection(queryClient, path, new URLSearchParams(window.location.search));
  }, [queryClient, path]);
  return (
    <AppLayout user={user}>
      <Suspense
        fallback={
          <Center py="xl">
            <Busy label="Loading" />
          </Center>
        }
      >
        <Switch>
          <Route path="/templates" component={TemplatesPage} />
          <Route path="/campaigns" component={CampaignsPage} />
          <Route path="/inbox" component={InboxPage} />
          <Route path="/analytics" component={AnalyticsPage} />
          <Route path="/settings" component={SettingsPage} />
          <Route component={DashboardPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
