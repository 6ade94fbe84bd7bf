import type { Keyring } from '../../sealing/keyring';
import { sealContext } from '../../sealing/sealed-columns';

/** What a target's secret holds. */
export type TargetCredentials = { password?: string; private_key?: string };

/** The place delivery credentials are sealed for (additional authenticated data). */
const CONTEXT = sealContext('delivery_targets', 'secret');

/**
 * Credentials of delivery targets at rest (docs/decisions/020, 032): the JSON of `{ password?, private_key? }`
 * sealed by the portal's keyring (AES-256-GCM under SEAL_KEY, `v2.<key id>.…`). Values sealed before
 * SEAL_KEY existed (`v1.…`, under DELIVERY_CREDENTIALS_KEY or the key derived from JWT_SECRET) still open
 * until `seal-rotate` re-seals them.
 */
export class CredentialBox {
  constructor(private readonly keyring: Keyring) {}

  seal(value: TargetCredentials): string {
    return this.keyring.seal(JSON.stringify(value), CONTEXT);
  }

  /** Errors (SealError) when the value was not sealed with a key of the keyring or was altered. */
  open(sealed: string): TargetCredentials {
    return JSON.parse(this.keyring.open(sealed, CONTEXT)) as TargetCredentials;
  }
}
