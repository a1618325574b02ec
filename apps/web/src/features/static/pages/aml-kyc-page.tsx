import { PolicyPage } from '../components/policy-page.tsx';
import { amlKycPolicy } from '../content/aml-kyc.ts';

export default function AmlKycPage() {
  return <PolicyPage eyebrow="Compliance" document={amlKycPolicy} />;
}
