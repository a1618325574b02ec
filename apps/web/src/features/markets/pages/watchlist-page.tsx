import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function WatchlistPage() {
  return (
    <PlaceholderPage
      title="Watchlist"
      description="The coins you follow, with their prices and 24h change in one place."
    />
  );
}
