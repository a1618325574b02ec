import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function QuickHistoryPage() {
  return (
    <PlaceholderPage
      title="Quick History"
      description="Every instant USDT buy and sell you have made."
    />
  );
}
