/**
 * What every page says about the site itself: its name (SITE_NAME) and the quota in force
 * (the footer's sentence must be true with RATE_LIMIT=off too). Built once from the
 * configuration and passed to every renderer.
 */
export interface Site {
  readonly name: string;
  /** The quota of the API and the MCP tools, or null when limiting is off. */
  readonly quota: { readonly max: number; readonly windowSeconds: number } | null;
  /**
   * Web Push is configured (VAPID keys): the status page offers "Notify me" and the service
   * worker is served. Absent means false.
   */
  readonly push?: boolean;
}

/** The product the records are about (answer.md §3), until SITE_NAME says otherwise. */
export const DEFAULT_SITE_NAME = 'OpenAI Codex usage-limit resets';

export const DEFAULT_SITE: Site = Object.freeze({
  name: DEFAULT_SITE_NAME,
  quota: Object.freeze({ max: 20, windowSeconds: 3600 }),
  push: false,
});
