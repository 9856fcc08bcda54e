import { createClock } from '../answer/words.js';

/**
 * The server's clock for words: UTC days and times, each time marked "UTC" (what a visitor
 * without JavaScript reads; the page's script says the same in the visitor's zone), in one
 * fixed locale, so that a page's bytes never depend on the machine it is rendered on.
 */
export const LOCALE = 'en-GB';
export const UTC_CLOCK = createClock('UTC', LOCALE);
