import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationCredential, RegistrationCredential } from '@lumenfield/contract';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest();

/** WebAuthn's authenticator-data flags. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software authenticator as a browser's virtual one behaves: a real P-256 key pair, a
 * credential id, a signature counter, and the CBOR and byte layouts of WebAuthn (Level 3, 6.1,
 * 6.5), so the server library checks real signatures over real authenticator data.
 */
export class SoftAuthenticator {
  readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  counter = 0;
  userHandle: string | undefined;
  /** Whether the person was verified (PIN, biometrics); a passkey needs it. */
  verifies = true;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) =>
      new Uint8Array(Buffer.from(value ?? '', 'base64url'));
    // kty EC2, alg ES256, crv P-256, x, y (RFC 9053).
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private authenticatorData(attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const flags = UP | (this.verifies ? UV : 0) | (attested ? AT : 0);
    const parts = [sha256(this.rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for these options, as @simplewebauthn/browser sends it. */
  register(
    options: { challenge: string; user?: { id?: unknown } },
    origin = this.origin,
  ): RegistrationCredential {
    this.userHandle = typeof options.user?.id === 'string' ? options.user.id : undefined;
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(this.authenticatorData(true))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for these options: the counter goes up, the data is signed. */
  signIn(options: { challenge: string }, origin = this.origin): AuthenticationCredential {
    this.counter += 1;
    const authenticatorData = this.authenticatorData(false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
        ...(this.userHandle !== undefined && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
