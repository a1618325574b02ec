import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function CryptoDepositPage() {
  return (
    <PlaceholderPage
      title="Deposit Crypto"
      description="Receive BTC, ETH or USDT into your Sikka wallet."
    />
  );
}
