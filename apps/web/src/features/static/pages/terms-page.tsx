import { PolicyPage } from '@/features/static/components/policy-page.tsx';
import { termsOfService } from '@/features/static/content/terms.ts';

export default function TermsPage() {
  return <PolicyPage eyebrow="Legal" document={termsOfService} />;
}
