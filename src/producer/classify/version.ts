/**
 * The version of the rules, stored with every classification they make (producer.md §2):
 * change it whenever a rule changes, so a stored classification says which rules made it.
 */
export const RULES_CLASSIFIER = 'rules-2.13.108';
