import { createRequire } from 'node:module';
import { type AgentContext, Kms, TypedArrayEncoder, type Uint8ArrayBuffer } from '@credo-ts/core';
import { NodeInMemoryKeyManagementStorage, NodeKeyManagementService } from '@credo-ts/node';
import type Sodium from 'libsodium-wrappers';

// libsodium-wrappers 0.7's ESM build does not load under Node; its CommonJS build does.
const sodium = createRequire(import.meta.url)('libsodium-wrappers') as typeof Sodium;

/** Resolves once libsodium's WebAssembly is ready; call before an agent starts. */
export const sodiumReady: Promise<void> = sodium.ready;

type EncryptOptions = Kms.KmsEncryptOptions;
type DecryptOptions = Kms.KmsDecryptOptions;

/**
 * Credo's Node key manager plus the DIDComm v1 envelope primitives it lacks (libsodium's
 * crypto_box for authcrypt, crypto_box_seal for anoncrypt, ChaCha20-Poly1305 IETF for the
 * content), as Aries agents pack messages. Everything else (key creation, Ed25519 signing for
 * did:key and Ed25519Signature2018) stays Credo's own code.
 */
export class EnvelopeKeyManagementService extends NodeKeyManagementService {
  readonly #keys: NodeInMemoryKeyManagementStorage;

  constructor(keys = new NodeInMemoryKeyManagementStorage()) {
    super(keys);
    this.#keys = keys;
  }

  override isOperationSupported(agentContext: AgentContext, operation: Kms.KmsOperation): boolean {
    if (operation.operation === 'encrypt' || operation.operation === 'decrypt') {
      const algorithm =
        operation.operation === 'encrypt' ? operation.encryption.algorithm : operation.decryption.algorithm;
      if (algorithm === 'XSALSA20-POLY1305') return operation.keyAgreement?.algorithm === 'ECDH-HSALSA20';
      if (algorithm === 'C20P') return true;
    }
    return super.isOperationSupported(agentContext, operation);
  }

  override async encrypt(agentContext: AgentContext, options: EncryptOptions): Promise<Kms.KmsEncryptReturn> {
    const { data, encryption, key } = options;
    if (encryption.algorithm === 'C20P') {
      const iv = sodium.randombytes_buf(sodium.crypto_aead_chacha20poly1305_ietf_NPUBBYTES);
      const sealed = sodium.crypto_aead_chacha20poly1305_ietf_encrypt_detached(
        data,
        encryption.aad ?? null,
        null,
        iv,
        contentKey(key.privateJwk),
      );
      return { encrypted: own(sealed.ciphertext), iv: own(iv), tag: own(sealed.mac) };
    }
    if (encryption.algorithm === 'XSALSA20-POLY1305' && key.keyAgreement?.algorithm === 'ECDH-HSALSA20') {
      const recipient = x25519Public(key.keyAgreement.externalPublicJwk);
      if (!key.keyAgreement.keyId) return { encrypted: own(sodium.crypto_box_seal(data, recipient)) };
      const sender = await this.#x25519Pair(agentContext, key.keyAgreement.keyId);
      const iv = sodium.randombytes_buf(sodium.crypto_box_NONCEBYTES);
      return { encrypted: own(sodium.crypto_box_easy(data, iv, recipient, sender.privateKey)), iv: own(iv) };
    }
    return super.encrypt(agentContext, options);
  }

  override async decrypt(agentContext: AgentContext, options: DecryptOptions): Promise<Kms.KmsDecryptReturn> {
    const { decryption, encrypted, key } = options;
    if (decryption.algorithm === 'C20P') {
      if (!decryption.iv || !decryption.tag) throw new Kms.KeyManagementError('C20P needs an iv and a tag');
      const data = sodium.crypto_aead_chacha20poly1305_ietf_decrypt_detached(
        null,
        encrypted,
        decryption.tag,
        decryption.aad ?? null,
        decryption.iv,
        contentKey(key.privateJwk),
      );
      return { data: own(data) };
    }
    if (decryption.algorithm === 'XSALSA20-POLY1305' && key.keyAgreement?.algorithm === 'ECDH-HSALSA20') {
      const pair = await this.#x25519Pair(agentContext, key.keyAgreement.keyId);
      const { externalPublicJwk } = key.keyAgreement;
      if (externalPublicJwk && decryption.iv) {
        const sender = x25519Public(externalPublicJwk);
        return { data: own(sodium.crypto_box_open_easy(encrypted, decryption.iv, sender, pair.privateKey)) };
      }
      return { data: own(sodium.crypto_box_seal_open(encrypted, pair.publicKey, pair.privateKey)) };
    }
    return super.decrypt(agentContext, options);
  }

  /** The X25519 key pair of a stored Ed25519 (converted, as Aries does) or X25519 key. */
  async #x25519Pair(
    agentContext: AgentContext,
    keyId: string,
  ): Promise<{ publicKey: Uint8Array; privateKey: Uint8Array }> {
    const jwk = await this.#keys.get(agentContext, keyId);
    if (jwk?.kty !== 'OKP') throw new Kms.KeyManagementKeyNotFoundError(keyId, [this.backend]);
    const secret = TypedArrayEncoder.fromBase64(jwk.d);
    if (jwk.crv === 'X25519') {
      return { publicKey: TypedArrayEncoder.fromBase64(jwk.x), privateKey: secret };
    }
    const ed = sodium.crypto_sign_seed_keypair(secret);
    return {
      publicKey: sodium.crypto_sign_ed25519_pk_to_curve25519(ed.publicKey),
      privateKey: sodium.crypto_sign_ed25519_sk_to_curve25519(ed.privateKey),
    };
  }
}

/** libsodium's bytes in a buffer of their own, the type Credo's KMS returns. */
function own(bytes: Uint8Array): Uint8ArrayBuffer {
  return Uint8Array.from(bytes);
}

function x25519Public(jwk: Kms.KmsJwkPublic | undefined): Uint8Array {
  if (jwk?.kty !== 'OKP' || jwk.crv !== 'X25519') {
    throw new Kms.KeyManagementError('ECDH-HSALSA20 needs an X25519 public key');
  }
  return TypedArrayEncoder.fromBase64(jwk.x);
}

function contentKey(jwk: Kms.KmsJwkPrivate | undefined): Uint8Array {
  if (jwk?.kty !== 'oct') throw new Kms.KeyManagementError('C20P needs a symmetric content key');
  return TypedArrayEncoder.fromBase64(jwk.k);
}
