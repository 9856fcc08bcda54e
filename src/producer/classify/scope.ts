import type { z } from 'zod';
import type { Scope } from '../../shared/domain/record.ts';

/**
 * Which plans and quota windows a post names (producer.md §2: lowercase plan ids; `all`
 * for "all paid plans / everyone"; `["unknown"]` when none is named).
 */

const ALL =
  /\b(?:all|every) (?:paid |chatgpt |codex |of our |our )?(?:plans?|users?|tiers?|subscribers?|subscriptions?|customers?|accounts?|members?)\b|\ball (?:[\w-]+ ){1,5}(?:users|subscribers|customers|accounts)\b|\bevery (?:[\w-]+ ){1,5}(?:user|subscriber|customer|account)\b|\beveryone\b|\beverybody\b|\ball paid\b|\bpaid (?:users|subscribers|plans|accounts|customers|subscriptions)\b|\bacross (?:all )?(?:paid )?plans\b/;

const PLANS: readonly (readonly [string, RegExp])[] = [
  // "free + go users": free in a list of plans (rules-2.13.74).
  [
    'free',
    /\bfree (?:users?|plans?|tiers?|accounts?)\b|\bon free\b|\bfree ?(?:\+|&|\/|and) ?(?:go|plus)\b/,
  ],
  ['go', /\bchatgpt go\b|\bgo (?:users?|plans?|tiers?|subscribers?)\b/],
  ['plus', /\bplus\b(?! one)/],
  ['pro', /\bpro\b(?! tip| tips|-tip|s\b|\?)(?!-level)/],
  ['business', /\bbusiness\b|\bteam(?:s)? (?:plans?|users?|accounts?)\b/],
  ['enterprise', /\benterprise\b/],
  ['edu', /\bedu\b|\beducation (?:plans?|users?)\b/],
];

const FIVE_HOUR =
  /\b(?:5|five)[- ]?(?:h|hr|hrs|hour)s?\b[- ]?(?:usage |rate |rolling )?(?:limits?|windows?|quotas?|caps?)\b|\b(?:5|five)[- ]?(?:h|hr|hour)ly\b|\bhourly (?:limits?|usage|quotas?)\b|\bsession limits?\b|\b(?:5|five)[- ]?(?:h|hrs?|hours?) (?:and|&) weekly (?:limits?|windows?|quotas?)\b|\bweekly (?:and|&) (?:5|five)[- ]?(?:h|hrs?|hours?)\b/;
const WEEKLY =
  /\bweekly (?:[\w%-]+ ){0,3}?(?:limits?|usage|quotas?|windows?|caps?|allowances?)\b|\b(?:7|seven)[- ]?day (?:limits?|windows?|quotas?)\b|\bweek(?:'s)? (?:limits?|quotas?|usage)\b/;
/** "we continue to not have the 5h limit": a window named only to say it is absent. */
const DENIED_WINDOW =
  /\b(?:not|no|without)\b(?: [\w-]+){0,4} (?:5|five)[- ]?h\w*|\b(?:not|no|without)\b(?: [\w-]+){0,4} weekly\b/g;

export function scopeOf(text: string): z.infer<typeof Scope> {
  const named = PLANS.filter(([, re]) => re.test(text)).map(([id]) => id);
  // Plans named win over "all": "all accounts of our Plus, Pro and Business users".
  const plans = named.length > 0 ? named : ALL.test(text) ? ['all'] : [];
  const windowText = text.replace(DENIED_WINDOW, ' ');
  const windows: string[] = [];
  if (FIVE_HOUR.test(windowText)) windows.push('five_hour');
  if (WEEKLY.test(windowText)) windows.push('weekly');
  return {
    plans: plans.length > 0 ? plans : ['unknown'],
    windows: windows.length > 0 ? windows : ['unknown'],
  };
}
