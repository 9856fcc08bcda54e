import type { OpenSchedule } from '../answer/answer.ts';
import { scheduleWords } from '../answer/words.js';
import { escapeHtml } from '../web/layout.ts';
import { LOCALE, UTC_CLOCK } from './server-clock.ts';

export interface WhenOptions {
  readonly tag?: string;
  readonly id?: string;
  readonly className?: string;
  /** Begins a sentence: capitalized, and ends with a full stop. */
  readonly sentence?: boolean;
}

/**
 * An element saying when an open schedule lands: the server's (UTC) words, and the facts
 * the page's script needs to say the same in the visitor's zone as time passes.
 */
export function whenElement(open: OpenSchedule, now: number, options: WhenOptions = {}): string {
  const { tag = 'span', id, className = 'when', sentence = false } = options;
  const attributes = [
    id === undefined ? '' : `id="${id}"`,
    `class="${className}"`,
    'data-when=""',
    open.startAt === null ? '' : `data-start="${open.startAt}" data-end="${open.endAt}"`,
    open.precision === null ? '' : `data-precision="${open.precision}"`,
    open.basis === null ? '' : `data-basis="${open.basis}"`,
    sentence ? 'data-sentence=""' : '',
  ].filter((part) => part !== '');
  const words = scheduleWords(open, now, UTC_CLOCK, LOCALE);
  return `<${tag} ${attributes.join(' ')}>${escapeHtml(sentence ? `${capitalize(words)}.` : words)}</${tag}>`;
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
