import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/**
 * A push service's check of the `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292),
 * written from the RFC with node:crypto alone: the ES256 signature against k, the audience,
 * the expiry (in the future, at most 24 hours ahead), the contact. Pure but for a small
 * bounded cache of parsed keys; the time is the caller's.
 *
 * Statuses as the push services answer: 401 when the authentication is absent or does not
 * hold (FCM and Mozilla's autopush both answer 401 for a bad or expired token), 403 when it
 * holds but with a key the subscription is not restricted to (RFC 8292 section 4.2).
 */

export interface VapidIdentity {
  /** The sub claim: a mailto: or https: URL. */
  readonly subject: string;
  /** k, base64url: the application server's public key. */
  readonly publicKey: string;
  /** The exp claim, seconds since the epoch. */
  readonly expiresAt: number;
}

export type VapidCheck =
  | { readonly ok: true; readonly identity: VapidIdentity }
  | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

export interface VapidExpectation {
  /** The push resource's origin, which aud must equal. */
  readonly audience: string;
  readonly nowMs: number;
  /** When set, k must be this key (a restricted subscription's applicationServerKey). */
  readonly publicKey?: string | undefined;
}

/** RFC 8292 section 2: "exp" no further than 24 hours from the time of the request. */
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** Longer headers are refused unread: a real token with its key is under 400 characters. */
const MAX_HEADER_LENGTH = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function checkVapid(header: string | undefined, expected: VapidExpectation): VapidCheck {
  if (header === undefined || header === '') return refuse(401, 'no Authorization header');
  if (header.length > MAX_HEADER_LENGTH) return refuse(401, 'the Authorization header is too long');
  const parsed = parseVapidHeader(header);
  if (typeof parsed === 'string') return refuse(401, parsed);
  const { token, key } = parsed;

  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    return refuse(401, 't is not a compact JWS (three base64url parts)');
  }
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  const jwtHeader = parseJsonObject(encodedHeader);
  if (jwtHeader === null) return refuse(401, "the JWT's header is not a JSON object");
  if (jwtHeader['alg'] !== 'ES256') return refuse(401, `the JWT's alg is not ES256`);
  if (jwtHeader['typ'] !== undefined && jwtHeader['typ'] !== 'JWT') {
    return refuse(401, `the JWT's typ is not JWT`);
  }

  const publicKey = keyObject(key);
  if (publicKey === null) return refuse(401, 'k is not an uncompressed P-256 public key');
  const signature = Buffer.from(encodedSignature, 'base64url');
  if (signature.length !== 64) return refuse(401, 'the signature is not 64 bytes (r || s)');
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`, 'latin1');
  const valid = verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  if (!valid) return refuse(401, 'the JWT is not signed by k');

  const claims = parseJsonObject(encodedClaims);
  if (claims === null) return refuse(401, "the JWT's claims are not a JSON object");
  const { aud, exp, sub } = claims;
  if (aud !== expected.audience) {
    return refuse(401, `aud ${JSON.stringify(aud)} is not ${expected.audience}`);
  }
  if (typeof exp !== 'number' || !Number.isInteger(exp))
    return refuse(401, 'exp is not an integer');
  const nowSeconds = expected.nowMs / 1000;
  if (exp <= nowSeconds) return refuse(401, `the JWT expired (exp ${exp})`);
  if (exp > nowSeconds + MAX_EXPIRY_SECONDS) {
    return refuse(401, `exp ${exp} is more than 24 hours ahead`);
  }
  if (typeof sub !== 'string' || !isContact(sub)) {
    return refuse(401, `sub ${JSON.stringify(sub)} is not a mailto: or https: URL`);
  }
  if (expected.publicKey !== undefined && key !== expected.publicKey) {
    return refuse(403, 'k is not the key this subscription is restricted to');
  }
  return { ok: true, identity: { subject: sub, publicKey: key, expiresAt: exp } };
}

/** `vapid t=…, k=…` (scheme case-insensitive, parameters in any order): the two values. */
function parseVapidHeader(header: string): { token: string; key: string } | string {
  const match = /^vapid\s+(.*)$/is.exec(header.trim());
  if (match === null) return 'the Authorization scheme is not vapid';
  const params = new Map<string, string>();
  for (const param of match[1]!.split(',')) {
    const equals = param.indexOf('=');
    if (equals === -1) return 'a vapid parameter has no value';
    const name = param.slice(0, equals).trim().toLowerCase();
    if (params.has(name)) return `the vapid parameter ${name} is repeated`;
    params.set(name, param.slice(equals + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (token === undefined || token === '') return 'the vapid authorization has no t';
  if (key === undefined || key === '') return 'the vapid authorization has no k';
  return { token, key };
}

function parseJsonObject(encoded: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function isContact(subject: string): boolean {
  try {
    const url = new URL(subject);
    return (url.protocol === 'mailto:' && url.pathname !== '') || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Parsed keys by their base64url text: a sender signs with one key for every message. */
const KEYS = new Map<string, KeyObject>();
const MAX_KEYS = 64;

/** k as a public key (via JWK: x and y of the uncompressed point), or null if it is not one. */
function keyObject(key: string): KeyObject | null {
  const known = KEYS.get(key);
  if (known !== undefined) return known;
  if (!BASE64URL.test(key)) return null;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return null;
  let parsed: KeyObject;
  try {
    parsed = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    return null; // not a point on the curve
  }
  if (KEYS.size >= MAX_KEYS) KEYS.delete(KEYS.keys().next().value!);
  KEYS.set(key, parsed);
  return parsed;
}

function refuse(status: 401 | 403, reason: string): VapidCheck {
  return { ok: false, status, reason };
}
