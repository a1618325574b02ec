import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';

export default function LoginPage() {
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to your Sikka account to continue.">
      <LoginForm />
    </AuthLayout>
  );
}
