import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function CryptoWithdrawPage() {
  return (
    <PlaceholderPage
      title="Withdraw Crypto"
      description="Send crypto from your Sikka wallet to another address."
    />
  );
}
