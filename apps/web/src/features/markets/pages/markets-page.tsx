import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function MarketsPage() {
  return (
    <PlaceholderPage
      title="Market Overview"
      description="Live INR prices for every coin on Sikka, with the day's top gainers and losers."
    />
  );
}
