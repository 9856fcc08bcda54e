import { createDecipheriv, type ECDH, hkdfSync } from 'node:crypto';

/**
 * What a browser does with a push message's body: RFC 8291's key derivation and RFC 8188's
 * aes128gcm record, written here from the RFCs with node:crypto alone, so that the service's
 * messages (encrypted by web-push's own code) are read by an independent implementation and
 * not by the library's mirror image. A push message is a single record (RFC 8291 section 4);
 * anything else is refused with the reason, as a user agent drops a message it cannot read.
 */

/** The receiving user agent's keys, as a browser keeps them for one subscription. */
export interface UserAgentKeys {
  /** The P-256 key pair (its private half computes the shared secret). */
  readonly ecdh: ECDH;
  /** The uncompressed public point, 65 bytes (the subscription's p256dh). */
  readonly publicKey: Buffer;
  /** The 16-byte authentication secret (the subscription's auth). */
  readonly authSecret: Buffer;
}

/** Salt (16), rs (4), idlen (1). */
const FIXED_HEADER = 21;
/** The application server's public key in keyid: an uncompressed P-256 point. */
const SENDER_KEY_LENGTH = 65;
const TAG_LENGTH = 16;
/** RFC 8188 section 2: the smallest record holds a tag, a delimiter and a byte. */
const MIN_RECORD_SIZE = 18;
const LAST_RECORD_DELIMITER = 0x02;

const WEB_PUSH_INFO = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0', 'latin1');

export class PushDecryptError extends Error {}

/** The plaintext of one aes128gcm push body, or throws PushDecryptError with the reason. */
export function decryptPushBody(body: Uint8Array, keys: UserAgentKeys): Buffer {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (bytes.length < FIXED_HEADER)
    fail(`the body (${bytes.length} bytes) is shorter than its header`);
  const salt = bytes.subarray(0, 16);
  const recordSize = bytes.readUInt32BE(16);
  const idLength = bytes[20]!;
  if (recordSize < MIN_RECORD_SIZE) fail(`rs ${recordSize} is below ${MIN_RECORD_SIZE}`);
  if (idLength !== SENDER_KEY_LENGTH) {
    fail(`keyid is ${idLength} bytes, not the sender's ${SENDER_KEY_LENGTH}-byte public key`);
  }
  const headerLength = FIXED_HEADER + idLength;
  if (bytes.length < headerLength + TAG_LENGTH + 1) {
    fail(`the body (${bytes.length} bytes) holds no record after its ${headerLength}-byte header`);
  }
  const senderPublicKey = bytes.subarray(FIXED_HEADER, headerLength);
  if (senderPublicKey[0] !== 0x04) fail('keyid is not an uncompressed P-256 point');
  const record = bytes.subarray(headerLength);
  // RFC 8291 section 4: rs is greater than the one record (plaintext, delimiter, padding, tag).
  if (record.length >= recordSize) {
    fail(`the record (${record.length} bytes) does not fit rs ${recordSize}: not a single record`);
  }

  let sharedSecret: Buffer;
  try {
    sharedSecret = keys.ecdh.computeSecret(senderPublicKey);
  } catch (error) {
    fail(`keyid is not a point on P-256 (${(error as Error).message})`);
  }
  // RFC 8291 section 3.4: the auth secret and both public keys, then RFC 8188 section 2.2.
  const ikm = hkdf(
    sharedSecret,
    keys.authSecret,
    Buffer.concat([WEB_PUSH_INFO, keys.publicKey, senderPublicKey]),
    32,
  );
  const contentKey = hkdf(ikm, salt, CEK_INFO, 16);
  // The first record's sequence number is 0, so its nonce is the derived one unchanged.
  const nonce = hkdf(ikm, salt, NONCE_INFO, 12);

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  let padded: Buffer;
  try {
    padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - TAG_LENGTH)),
      decipher.final(),
    ]);
  } catch {
    fail('the record does not authenticate (wrong keys, or altered on the way)');
  }
  return unpad(padded);
}

/** RFC 8188 section 2: the data, the delimiter (2 for the last record), then zeros. */
function unpad(padded: Buffer): Buffer {
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0) fail('the record holds only zeros: no padding delimiter');
  if (padded[end] !== LAST_RECORD_DELIMITER) {
    fail(`the padding delimiter is ${padded[end]}, not ${LAST_RECORD_DELIMITER} (the last record)`);
  }
  return padded.subarray(0, end);
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

function fail(reason: string): never {
  throw new PushDecryptError(reason);
}
