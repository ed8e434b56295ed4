import { useLegalDetails } from '../../session/use-public-config';
import { LegalPageLayout } from './legal-page-layout';
import { PrivacyPolicyText } from './privacy-policy-text';

export function PrivacyPolicyPage() {
  const legal = useLegalDetails();
  return (
    <LegalPageLayout title="Privacy Policy">
      <PrivacyPolicyText legal={legal} />
    </LegalPageLayout>
  );
}
