import { Box } from '@mantine/core';
import { usePublicConfig } from '../../session/use-public-config';
import { CtaSection } from './cta-section';
import { Features } from './features';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { useSignInResult } from './use-sign-in-result';

/** The signed-out home page (docs/product.md §1). */
export function LandingPage() {
  const { data: config } = usePublicConfig();
  useSignInResult();
  return (
    <Box bg="white" mih="100dvh">
      <LandingHeader signIn={config?.signIn} />
      <main>
        <Hero signIn={config?.signIn} />
        <Features />
        <CtaSection signIn={config?.signIn} />
      </main>
      <LandingFooter />
    </Box>
  );
}
