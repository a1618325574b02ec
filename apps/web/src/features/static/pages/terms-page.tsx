import { PolicyPage } from '../components/policy-page.tsx';
import { termsOfService } from '../content/terms.ts';

export default function TermsPage() {
  return <PolicyPage eyebrow="Legal" document={termsOfService} />;
}
