import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function TradePage() {
  return (
    <PlaceholderPage
      title="Exchange"
      description="Charts, the order book and the spot trading form for every INR market."
    />
  );
}
