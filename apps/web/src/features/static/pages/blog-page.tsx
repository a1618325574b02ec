import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function BlogPage() {
  return (
    <PlaceholderPage
      title="Blog"
      description="News, guides and insights from the Sikka team."
    />
  );
}
