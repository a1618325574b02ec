import { PolicyPage } from '../components/policy-page.tsx';
import { privacyPolicy } from '../content/privacy.ts';

export default function PrivacyPage() {
  return <PolicyPage eyebrow="Legal" document={privacyPolicy} />;
}
