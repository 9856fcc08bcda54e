import { FOLLOW_TOPICS, type FollowTopic } from '../follow/topics.ts';

/**
 * "Get notified" on the status page: Web Push's "Notify me", rendered only when push is
 * configured (Site.push). It is `hidden` in the HTML: /assets/notify.js reveals it only in a
 * browser that can take push messages and when GET /push/key answers, so without
 * JavaScript, or in a browser without push, nothing shows that could not work. The words
 * of the choices are here only; the script reads them from the labels.
 */

export const NOTIFY_SCRIPT = '/assets/notify.js';
/** The service worker, at the root so that its scope is the whole site. */
export const PUSH_SERVICE_WORKER = '/push-sw.js';

/** Each choice in words, in the order of FOLLOW_TOPICS. */
export const TOPIC_LABELS: Readonly<Record<FollowTopic, string>> = Object.freeze({
  global_reset: 'A global reset happened',
  any_reset: 'Any reset, banked ones included',
  schedule: 'A reset is scheduled or moved',
  window_soon: 'An hour before a scheduled reset',
});

/** Checked until the visitor chooses otherwise. */
export const DEFAULT_TOPICS: readonly FollowTopic[] = ['global_reset'];

export function notifySection(): string {
  const choices = FOLLOW_TOPICS.map((topic) => {
    const checked = DEFAULT_TOPICS.includes(topic) ? ' checked' : '';
    return `<li><label><input type="checkbox" name="notify-topic" value="${topic}"${checked}> ${TOPIC_LABELS[topic]}</label></li>`;
  });
  return [
    // data-keep: the page's refresh carries this element over as it is (status-page.js).
    '<section class="panel panel-notify" id="notify" aria-labelledby="notify-heading" data-keep hidden>',
    '<h2 id="notify-heading">Get notified</h2>',
    '<p class="muted">A notification from this browser, even when this page is closed.</p>',
    '<fieldset class="notify-topics">',
    '<legend>Choose what to be told</legend>',
    `<ul>${choices.join('')}</ul>`,
    '</fieldset>',
    '<p class="notify-actions">',
    '<button type="button" class="notify-button notify-primary" id="notify-subscribe">Notify me</button>',
    '<button type="button" class="notify-button" id="notify-unsubscribe" hidden>Unsubscribe</button>',
    '</p>',
    '<p class="notify-status" id="notify-status" aria-live="polite"></p>',
    '</section>',
  ].join('\n');
}
