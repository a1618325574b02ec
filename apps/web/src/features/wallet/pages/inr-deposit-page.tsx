import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function InrDepositPage() {
  return (
    <PlaceholderPage
      title="Deposit INR"
      description="Add rupees to your Sikka balance by bank transfer (IMPS/NEFT/RTGS)."
    />
  );
}
