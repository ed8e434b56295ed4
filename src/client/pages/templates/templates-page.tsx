import { ComingSoon } from '../../components/coming-soon';

export function TemplatesPage() {
  return (
    <ComingSoon
      feature="Templates"
      description="Soon you can build reusable email templates and AI prompts here, with variables and a live preview."
    />
  );
}
