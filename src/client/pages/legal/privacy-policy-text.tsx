import { Anchor, List, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { TERMS_LAST_UPDATED } from '../../../contract/limits';
import { ContactAddress, LegalSection } from '../../components/legal-section';
import type { LegalDetails } from '../../session/use-public-config';

export function PrivacyPolicyText({ legal }: { legal: LegalDetails | undefined }) {
  if (!legal) return <Skeleton height={320} role="status" aria-label="Loading the Privacy Policy" />;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Last updated: {TERMS_LAST_UPDATED}
      </Text>
      <Text size="sm" lh={1.65}>
        This Privacy Policy explains how {legal.entity} (“we”, “us”) collects, uses and protects information
        when you use this Tailor service. It should be read together with our{' '}
        <Anchor component={Link} href="/terms-of-service" inherit>
          Terms of Service
        </Anchor>
        .
      </Text>
      <LegalSection number={1} title="Information We Collect">
        <List size="sm" spacing={4} mt={4}>
          <List.Item>
            Account details from your Google or Microsoft sign-in (name, email address and picture), or the
            email address of a local account.
          </List.Item>
          <List.Item>
            Access tokens that let the service send email from your mailbox; they are stored encrypted.
          </List.Item>
          <List.Item>
            Content you provide: templates, campaigns, uploaded contact lists and the emails generated from
            them.
          </List.Item>
          <List.Item>Sender and company details you enter in Settings.</List.Item>
          <List.Item>Delivery data: when emails are sent and opened, and unsubscribe requests.</List.Item>
        </List>
      </LegalSection>
      <LegalSection number={2} title="How We Use Information">
        We use this information only to provide the service: to sign you in, personalise and send your emails,
        show delivery statistics, honour unsubscribe requests and keep the service secure. We do not sell your
        data or your recipients’ data.
      </LegalSection>
      <LegalSection number={3} title="AI Processing and Subprocessors">
        {legal.ai
          ? 'When you use AI features, the relevant template text and recipient fields are sent to the AI model provider we have configured, acting as our subprocessor, which may process them only to provide its service to us.'
          : 'No AI model provider is configured on this installation: no template or recipient data is sent to one.'}{' '}
        Your data is held in this installation’s database, on servers we run or rent, and your emails go out
        through your own mailbox provider (Google or Microsoft) or our mail server. No payment data is
        collected.
      </LegalSection>
      <LegalSection number={4} title="Your Responsibilities for Recipient Data">
        You are the controller of the contact data you upload. You must have the consent of your recipients,
        or another lawful basis, to store their data with us and to email them, and you must honour their
        opt-outs.
      </LegalSection>
      <LegalSection number={5} title="Security">
        We use reasonable technical and organisational measures to protect your data, including encryption of
        access tokens and transport encryption.
      </LegalSection>
      <LegalSection number={6} title="No Guarantee">
        The service is provided “as is”. We do not guarantee that it will be uninterrupted or error-free, that
        emails will be delivered, or that any data transmitted or stored is completely secure.
      </LegalSection>
      <LegalSection number={7} title="Hold Harmless">
        You agree to hold harmless and indemnify {legal.entity} against claims, losses and costs arising from
        the data you upload, the emails you send and any breach of law or of these policies by you.
      </LegalSection>
      <LegalSection number={8} title="Data Retention and Deletion">
        We keep your data while your account is active. You can delete your account and all associated data at
        any time in Settings → Data → Delete my account (Export Data gives you a copy first); it is removed at
        once. You may also ask us to by emailing <ContactAddress address={legal.contactEmail} />; we will do
        so promptly unless the law requires us to keep it. Backups we keep age out on their own schedule.
      </LegalSection>
      <LegalSection number={9} title="Governing Law">
        This Privacy Policy is governed by the laws of {legal.state}, United States.
      </LegalSection>
      <LegalSection number={10} title="Changes and Contact">
        We may update this policy; the date above shows the latest version. For questions or requests about
        your data, contact <ContactAddress address={legal.contactEmail} />.
      </LegalSection>
    </Stack>
  );
}
