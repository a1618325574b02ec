import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function PrivacyPage() {
  return (
    <PlaceholderPage
      title="Privacy Policy"
      description="How Sikka collects, uses and protects your personal information."
    />
  );
}
