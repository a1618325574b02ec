import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export default function AnnouncementsPage() {
  return (
    <PlaceholderPage
      title="Announcements"
      description="Product updates, listings and important notices."
    />
  );
}
