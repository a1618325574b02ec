import { PolicyPage } from '@/features/static/components/policy-page.tsx';
import { amlKycPolicy } from '@/features/static/content/aml-kyc.ts';

export default function AmlKycPage() {
  return <PolicyPage eyebrow="Compliance" document={amlKycPolicy} />;
}
