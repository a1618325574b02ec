import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function AboutPage() {
  return (
    <PlaceholderPage
      title="About Sikka"
      description="Our mission is to make crypto simple, safe and accessible for everyone in India."
    />
  );
}
