import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A passkey held in the test itself: a P-256 key pair and the WebAuthn assertion a browser's
 * authenticator would send for it (W3C WebAuthn §6.1 authenticator data, §7.2 verification),
 * signed for real, so the server's @simplewebauthn checks run on it as on a browser's. The
 * browser tests use Chromium's virtual authenticator instead.
 */
export interface SoftwarePasskey {
  /** The credential id, base64url. */
  id: string;
  /** The public key as a COSE_Key (what a registration stores). */
  publicKey: Buffer;
  /**
   * The credential a browser makes for registration options of `challenge` at `origin`, with
   * attestation "none" (what the server asks for).
   */
  register(challenge: string, origin: string): Record<string, unknown>;
  /** An assertion of `challenge` for `origin`; `userVerified: false` clears the UV flag. */
  assert(
    challenge: string,
    origin: string,
    options?: { userVerified?: boolean },
  ): Record<string, unknown>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** The client data a browser signs over (§5.8.1), for a `create` or a `get` ceremony. */
const clientDataOf = (
  type: 'webauthn.create' | 'webauthn.get',
  challenge: string,
  origin: string,
) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** A credential as `PublicKeyCredential.toJSON()` gives it, around a ceremony's response. */
const credentialJson = (id: string, response: Record<string, unknown>) => ({
  id,
  rawId: id,
  type: 'public-key',
  response,
  clientExtensionResults: {},
});

export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y} in CBOR (RFC 9052).
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  const rawId = randomBytes(16);
  const id = rawId.toString('base64url');
  let counter = 0;
  return {
    id,
    publicKey: cose,
    register(challenge, origin) {
      // Authenticator data with attested credential data (§6.5.1): flags UP | UV | AT, counter
      // 0, an all-zero AAGUID, the credential id's length and the id, then the COSE key.
      const authData = Buffer.concat([
        sha256(new URL(origin).hostname),
        Buffer.from([0x01 | 0x04 | 0x40]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        Buffer.from([0, rawId.length]),
        rawId,
        cose,
      ]);
      // The attestation object {fmt: "none", attStmt: {}, authData} in CBOR (§6.5.4).
      const cborText = (text: string) =>
        Buffer.concat([Buffer.from([0x60 + text.length]), Buffer.from(text)]);
      const attestation = Buffer.concat([
        Buffer.from([0xa3]),
        cborText('fmt'),
        cborText('none'),
        cborText('attStmt'),
        Buffer.from([0xa0]),
        cborText('authData'),
        Buffer.from([0x58, authData.length]),
        authData,
      ]);
      return credentialJson(id, {
        clientDataJSON: clientDataOf('webauthn.create', challenge, origin).toString('base64url'),
        attestationObject: attestation.toString('base64url'),
        transports: ['internal'],
      });
    },
    assert(challenge, origin, { userVerified = true } = {}) {
      counter += 1;
      const flags = 0x01 | (userVerified ? 0x04 : 0); // UP, and UV when verified
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([
        sha256(new URL(origin).hostname),
        Buffer.from([flags]),
        count,
      ]);
      const clientData = clientDataOf('webauthn.get', challenge, origin);
      // Node signs EC keys in DER, as WebAuthn's ES256 signatures are.
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey);
      return credentialJson(id, {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      });
    },
  };
}

/** The X-Two-Factor-Passkey header of an assertion. */
export const passkeyHeader = (assertion: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify(assertion)).toString('base64url');
