import { useEffect, useState } from 'react';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { messages } from '@sikka/contracts';
import type { SecondFactorProof } from '@/lib/api-client.ts';
import { passkeyProof, stepUpPasskeyOptions } from '@/lib/auth/api/step-up-passkey.ts';
import { Button } from '@/components/ui/button.tsx';
import { OrDivider } from '@/components/ui/or-divider.tsx';

/**
 * "Use a passkey" in the step-up dialog, for a person who has one: the passkey answers in place
 * of the code. Shown once its challenge is ready; nothing at all without a passkey or WebAuthn
 * (the code field serves then). Remounted for each ask, so a refused answer gets a new
 * challenge.
 */
export function SecondFactorPasskey({
  checking,
  onProof,
}: {
  checking: boolean;
  onProof(proof: SecondFactorProof): void;
}) {
  const [supported] = useState(browserSupportsWebAuthn);
  const [options, setOptions] = useState<PublicKeyCredentialRequestOptionsJSON | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!supported) return;
    const controller = new AbortController();
    stepUpPasskeyOptions(controller.signal).then(setOptions, () => {
      // No passkey way this time (offline, a server fault): the code field still serves.
    });
    return () => controller.abort();
  }, [supported]);

  if (!options) return null;

  async function answer(optionsJSON: PublicKeyCredentialRequestOptionsJSON) {
    setAsking(true);
    setError(undefined);
    try {
      onProof(await passkeyProof(optionsJSON));
    } catch {
      // The person cancelled, or the browser timed out: the same challenge may be tried again.
      setError(messages.security.passkeyNotUsed);
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="space-y-3">
      <OrDivider />
      <Button
        variant="outline"
        size="md"
        className="w-full"
        disabled={checking || asking}
        onClick={() => void answer(options)}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        Use a passkey
      </Button>
      {error && (
        <p role="alert" className="text-sm text-down">
          {error}
        </p>
      )}
    </div>
  );
}
