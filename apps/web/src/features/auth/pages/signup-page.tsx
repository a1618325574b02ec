import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { SignupForm } from '@/features/auth/components/signup-form.tsx';

export default function SignupPage() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start buying, selling and storing crypto in minutes."
    >
      <SignupForm />
    </AuthLayout>
  );
}
