import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function QuickBuyPage() {
  return (
    <PlaceholderPage
      title="Quick Trade"
      description="Buy or sell USDT instantly with your INR balance."
    />
  );
}
