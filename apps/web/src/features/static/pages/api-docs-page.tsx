import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function ApiDocsPage() {
  return (
    <PlaceholderPage
      title="API Documentation"
      description="Build on Sikka with our HTTP and WebSocket APIs."
    />
  );
}
