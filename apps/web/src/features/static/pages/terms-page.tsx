import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function TermsPage() {
  return (
    <PlaceholderPage
      title="Terms of Service"
      description="The terms that govern your use of Sikka."
    />
  );
}
