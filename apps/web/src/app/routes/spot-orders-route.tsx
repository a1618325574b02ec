import { useSpotMarkets } from '@/lib/spot/get-spot-markets.ts';
import OverviewPage from '@/features/dashboard/pages/overview-page.tsx';
import SpotOrdersPage from '@/features/spot/pages/spot-orders-page.tsx';

/**
 * /dashboard/orders/spot: the spot order history when the server runs the exchange; else
 * the overview, as every undefined dashboard path shows (PRODUCT.md §2).
 */
export default function SpotOrdersRoute() {
  const markets = useSpotMarkets();
  if (markets.isPending) return null;
  return markets.data?.enabled ? <SpotOrdersPage /> : <OverviewPage />;
}
