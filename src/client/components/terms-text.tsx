import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { TERMS_LAST_UPDATED } from '../../contract/limits';
import type { LegalDetails } from '../session/use-public-config';
import { ContactAddress, LegalSection } from './legal-section';

/** The full Terms of Service, shared by the acceptance dialog and the /terms-of-service page. */
export function TermsText({ legal }: { legal: LegalDetails | undefined }) {
  if (!legal) return <Skeleton height={320} role="status" aria-label="Loading the Terms of Service" />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Last updated: {TERMS_LAST_UPDATED}
      </Text>
      <Text size="sm" lh={1.65}>
        These Terms of Service are an agreement between you and {legal.entity} (“we”, “us”), which runs this
        installation of Tailor, a self-hosted application. By signing in or using the service you agree to
        them. Please also read our <PrivacyPolicyLink />, which explains how we handle personal data.
      </Text>
      <LegalSection number={1} title="Your Data and Recipient Consent">
        You are responsible for all data you upload, including contact lists, and for having a lawful basis
        and the consent of every recipient you email through the service.
      </LegalSection>
      <LegalSection number={2} title="Lawful Email Only">
        You may email only people the anti-spam and privacy laws that apply to you and to them allow you to
        email: for commercial email that usually means people who asked to hear from you, or where the law
        permits writing to business contacts, a genuine reason to write to them. Every message must say who it
        is from and let the recipient opt out.
      </LegalSection>
      <LegalSection number={3} title="Unsubscribe Requests">
        You must honour unsubscribe requests immediately and must not email an address again once it has opted
        out. Keep the unsubscribe link in your commercial emails.
      </LegalSection>
      <LegalSection number={4} title="AI-Generated Content">
        Emails and templates written by artificial intelligence may be inaccurate, incomplete or
        inappropriate. You must review every message before it is sent and you are responsible for what you
        send.
      </LegalSection>
      <LegalSection number={5} title="Prohibited Uses">
        You may not use the service for spam, phishing, harassment, deceptive or illegal content, or to breach
        any anti-spam or privacy law. Prohibited use may lead to suspension or termination of your account,
        fees for the costs it causes us, and legal action.
      </LegalSection>
      <LegalSection number={6} title="Sending Limits">
        We may limit how many emails or requests you can send in a period of time (rate limits) to protect
        deliverability, mail providers and other users.
      </LegalSection>
      <LegalSection number={7} title="Data Storage and Service Providers">
        Your data is stored in this installation’s database, on servers we run or rent. Emails are sent
        through your own Gmail or Outlook mailbox, or through our mail server for local accounts.{' '}
        {legal.ai
          ? 'When you use AI features, the template and recipient fields involved are sent to the AI model provider we have configured.'
          : 'No AI model provider is configured on this installation, so nothing is sent to one.'}{' '}
        Tailor takes no payments, so no payment data is collected. See the <PrivacyPolicyLink /> for details.
      </LegalSection>
      <LegalSection number={8} title="Account Access">
        You sign in with your Google or Microsoft account through OAuth, or as a local user where we allow it.
        We never see your password; you authorise the service to send email on your behalf and can revoke that
        access at any time in your account provider’s settings.
      </LegalSection>
      <LegalSection number={9} title="Data Deletion">
        You can delete your account and everything in it at any time in Settings → Data → Delete my account,
        after downloading a copy with Export Data if you wish; or ask us to by emailing{' '}
        <ContactAddress address={legal.contactEmail} />.
      </LegalSection>
      <LegalSection number={10} title="Governing Law">
        These Terms are governed by the laws of {legal.state}, United States, without regard to its conflict
        of law rules.
      </LegalSection>
      <LegalSection number={11} title="Changes and Contact">
        We may change these Terms from time to time. Continued use of the service after a change means you
        accept the updated Terms. Questions about these Terms can be sent to{' '}
        <ContactAddress address={legal.contactEmail} />.
      </LegalSection>
    </Stack>
  );
}

/**
 * Opens in a new tab so the terms being read (often in a dialog) stay where they are. Underlined:
 * colour alone does not set a link apart from the text around it (WCAG 1.4.1).
 */
function PrivacyPolicyLink() {
  return (
    <Anchor href="/privacy-policy" target="_blank" rel="noopener" inherit underline="always">
      Privacy Policy
    </Anchor>
  );
}
