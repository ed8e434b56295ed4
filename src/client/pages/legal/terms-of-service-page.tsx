import { TermsText } from '../../components/terms-text';
import { useLegalDetails } from '../../session/use-public-config';
import { LegalPageLayout } from './legal-page-layout';

export function TermsOfServicePage() {
  const legal = useLegalDetails();
  return (
    <LegalPageLayout title="Terms of Service">
      <TermsText legal={legal} />
    </LegalPageLayout>
  );
}
