import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function InrWithdrawPage() {
  return (
    <PlaceholderPage
      title="Withdraw INR"
      description="Send rupees from your Sikka balance to your bank account."
    />
  );
}
