import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function AdminPage() {
  return (
    <PlaceholderPage
      title="Admin"
      description="Review KYC submissions, INR deposit requests and trades."
    />
  );
}
