import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField, type TextFieldProps } from '@/components/ui/text-field.tsx';

/** A password box with a show/hide toggle; the toggle names which box it shows. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          className="grid size-9 place-items-center rounded-md text-subtle hover:text-ink"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      }
    />
  );
}
