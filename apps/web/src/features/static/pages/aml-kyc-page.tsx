import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function AmlKycPage() {
  return (
    <PlaceholderPage
      title="AML & KYC Policy"
      description="How Sikka verifies identities and prevents money laundering."
    />
  );
}
