import webpush from 'web-push';

/**
 * A fresh VAPID key pair for a test, made by the library the service sends with, with the
 * contact a push service requires: exactly the `vapidDetails` web-push takes.
 */

export interface TestVapidDetails {
  readonly subject: string;
  /** base64url, 65 bytes: the uncompressed P-256 point (the applicationServerKey). */
  readonly publicKey: string;
  /** base64url, 32 bytes. */
  readonly privateKey: string;
}

export const TEST_VAPID_SUBJECT = 'mailto:ops@example.com';

export function testVapidKeys(subject: string = TEST_VAPID_SUBJECT): TestVapidDetails {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { subject, publicKey, privateKey };
}
