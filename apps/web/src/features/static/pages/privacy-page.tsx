import { PolicyPage } from '@/features/static/components/policy-page.tsx';
import { privacyPolicy } from '@/features/static/content/privacy.ts';

export default function PrivacyPage() {
  return <PolicyPage eyebrow="Legal" document={privacyPolicy} />;
}
