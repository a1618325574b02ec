import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function FeesPage() {
  return (
    <PlaceholderPage
      title="Fees"
      description="Simple, transparent fees for deposits, withdrawals and trades."
    />
  );
}
