import { ComingSoon } from '../../components/coming-soon';

export function AnalyticsPage() {
  return (
    <ComingSoon
      feature="Analytics"
      description="Soon you can follow sends, opens and unsubscribes for each of your campaigns here."
    />
  );
}
