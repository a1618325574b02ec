import { useState, type FormEvent } from 'react';
import { UserRound } from 'lucide-react';
import { toast } from 'sonner';
import type { User } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useUpdateProfile } from '@/features/security/api/update-profile.ts';
import {
  PROFILE_FIELDS,
  profileRequest,
  validateProfile,
  type ProfileValues,
} from '@/features/security/lib/profile-validation.ts';
import { SecurityCard } from './security-card.tsx';

export const PROFILE_SAVED = 'Your profile is saved.';
const SAVE_FAILED = 'Your profile could not be saved. Please try again.';

/** Full name and phone number (PATCH /api/me); the e-mail is the one signed up with. */
export function ProfileCard({ user }: { user: User }) {
  const save = useUpdateProfile();
  const form = useFormFields<ProfileValues>({
    empty: { fullName: user.fullName, phone: user.phone ?? '' },
    validate: validateProfile,
  });
  const [status, setStatus] = useState('');
  const unchanged =
    form.values.fullName === user.fullName && form.values.phone === (user.phone ?? '');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    if (!form.check()) return;
    save.mutate(profileRequest(form.values), {
      onSuccess: ({ user: saved }) => {
        form.reset({ fullName: saved.fullName, phone: saved.phone ?? '' });
        setStatus(PROFILE_SAVED);
        toast.success(PROFILE_SAVED);
      },
      onError: (err) => {
        const fields = serverFieldErrors(err, PROFILE_FIELDS);
        if (Object.keys(fields).length > 0) form.setErrors((prev) => ({ ...prev, ...fields }));
        else toast.error(errorMessage(err, SAVE_FAILED));
      },
    });
  }

  return (
    <SecurityCard title="Profile" icon={UserRound} description="Your name and phone number.">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Profile">
        <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...form.field('phone')}
        />
        <Button type="submit" disabled={save.isPending || unchanged}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </Button>
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
      </form>
    </SecurityCard>
  );
}
