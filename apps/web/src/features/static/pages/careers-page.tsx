import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function CareersPage() {
  return (
    <PlaceholderPage
      title="Careers"
      description="Help us build the simplest way for India to own crypto."
    />
  );
}
