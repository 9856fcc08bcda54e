import type { SkillBundle } from './skill-bundle.ts';

/**
 * Documents that let agents find the skill and the service: the Agent Skills Discovery
 * index (`/.well-known/agent-skills/index.json`, Cloudflare's draft RFC v0.2.0) and
 * `/llms.txt` (llmstxt.org). The index's URLs are root-relative (the RFC resolves them
 * against the index's own URL). llms.txt's links are absolute when the operator has set
 * PUBLIC_BASE_URL, root-relative otherwise: the service never takes its address from a
 * request's Host header, which any client can forge.
 */

export const SKILL_MD_PATH = '/skill/SKILL.md';
/** Every skill file is also served under this prefix, so SKILL.md's relative links work. */
export const SKILL_FILES_PREFIX = '/skill/';
export const SKILL_ZIP_PATH = '/skill.zip';
export const SKILL_ZIP_FILENAME = 'reset-records-skill.zip';
export const AGENT_SKILLS_INDEX_PATH = '/.well-known/agent-skills/index.json';
export const AGENT_SKILLS_PREFIX = '/.well-known/agent-skills/';
export const LLMS_TXT_PATH = '/llms.txt';

/** Schema version of the discovery index format this service writes. */
export const AGENT_SKILLS_INDEX_VERSION = '0.2.0';

export interface AgentSkillsIndex {
  readonly version: string;
  readonly skills: readonly AgentSkillsIndexEntry[];
}

export interface AgentSkillsIndexEntry {
  /** RFC fields. */
  readonly name: string;
  readonly description: string;
  readonly digest: string;
  readonly files: readonly { readonly path: string; readonly digest: string }[];
  /** Extensions (clients of the RFC ignore unknown fields): the skill's own version and where to get it. */
  readonly version: string;
  readonly url: string;
  readonly archive: { readonly url: string; readonly digest: string; readonly root: string };
}

/**
 * The RFC's `package` field is not used: its archive root must be the skill folder itself,
 * while /skill.zip holds the folder `reset-records/` so that it unpacks straight into a
 * skills directory. The archive is listed under the extension field `archive` instead.
 */
export function buildAgentSkillsIndex(bundle: SkillBundle): AgentSkillsIndex {
  return {
    version: AGENT_SKILLS_INDEX_VERSION,
    skills: [
      {
        name: bundle.name,
        description: bundle.description,
        digest: bundle.digest,
        files: bundle.files.map(({ path, digest }) => ({ path, digest })),
        version: bundle.version,
        url: SKILL_MD_PATH,
        archive: { url: SKILL_ZIP_PATH, digest: bundle.zipDigest, root: `${bundle.name}/` },
      },
    ],
  };
}

export interface SiteLinks {
  readonly statusPage: string;
  readonly statusJson: string;
  readonly statusOpenApi: string;
  readonly history: string;
  readonly feed: string;
  readonly calendar: string;
  readonly guide: string;
  readonly apiReference: string;
  readonly openApi: string;
  readonly latest: string;
  readonly list: string;
  readonly mcp: string;
}

/**
 * `/llms.txt`: title, summary, then sections of links, as llmstxt.org describes. With
 * `baseUrl` (PUBLIC_BASE_URL, no trailing slash) every link is absolute.
 */
export function buildLlmsTxt(
  bundle: SkillBundle,
  site: SiteLinks,
  baseUrl: string | undefined,
  siteName: string,
): string {
  const at = (path: string) => (baseUrl === undefined ? path : `${baseUrl}${path}`);
  const links: SiteLinks = {
    statusPage: at(site.statusPage),
    statusJson: at(site.statusJson),
    statusOpenApi: at(site.statusOpenApi),
    history: at(site.history),
    feed: at(site.feed),
    calendar: at(site.calendar),
    guide: at(site.guide),
    apiReference: at(site.apiReference),
    openApi: at(site.openApi),
    latest: at(site.latest),
    list: at(site.list),
    mcp: at(site.mcp),
  };
  const whereLinksPoint =
    baseUrl === undefined
      ? 'Links below are relative to the address this file was fetched from.'
      : `This service is at ${baseUrl}; the MCP endpoint is ${links.mcp}.`;
  return `# ${siteName}: the Public Reset Records Service

> Read-only public records of when the usage limits of ${siteName.replace(/ usage-limit resets$/, '')} were reset or are scheduled to reset, from the announcer's posts and operator notes. The answer in one uncounted call: GET /status.json. The records: a JSON HTTP API under /openapi/v1 and an MCP server at /mcp, anonymous, one quota of 20 requests per rolling hour per client IP shared by both.

- ${whereLinksPoint}
- "Was there a reset, and when is the next one?": GET /status.json (never counted). \`lastReset\` is the latest completion by \`completedAt ?? effectiveAt ?? announcedAt\`, with what was reset (\`resetType\`, \`plans\`, \`windows\`); \`next\` is the open schedule with the earliest window start (a whole day in progress comes first); \`stale: true\` means resets may be missing.
- Answer only from records the service returns; cite the record id and source URL. \`elapsed\` is not \`completed\`; null means unknown, never zero; 503 \`data_unavailable\` is not an empty result.
- On HTTP 429 or an MCP \`rate_limited\` error, wait \`Retry-After\` / \`retryAfter\` seconds; never retry in a loop. /status.json, the documentation, the OpenAPI descriptions and the skill do not count against the quota.

## The answer

- [Status answer](${links.statusJson}): GET, JSON: last reset, last global reset, next reset, every open schedule, staleness; uncounted, cacheable (ETag, 304)
- [Status answer description](${links.statusOpenApi}): its own OpenAPI 3.1.0 document

## Docs

- [Guide](${links.guide}): how to use the API and the MCP tools, pagination, finding the next reset, the quota
- [API reference](${links.apiReference}): every endpoint, parameter, field and error code
- [OpenAPI description](${links.openApi}): OpenAPI 3.1.0 document of the HTTP API (version 1.0.0)

## Agent skill

- [SKILL.md](${at(SKILL_MD_PATH)}): agent skill ${bundle.name} ${bundle.version}, instructions for answering questions about resets with this service
- [Skill archive](${at(SKILL_ZIP_PATH)}): the installable skill folder ${bundle.name}/ as a zip
- [Skill discovery index](${at(AGENT_SKILLS_INDEX_PATH)}): Agent Skills Discovery index with file digests

## API

- [Latest record](${links.latest}): GET, \`kind\` = all, reset_scheduled or reset_completed; counts against the quota
- [Records](${links.list}): GET, \`kind\`, \`page\` (from 1), \`pageSize\` (1 to 10); follow \`hasNext\`, deduplicate by id; counts against the quota
- [MCP server](${links.mcp}): Streamable HTTP, POST only; tools get_latest_reset_record and list_reset_records

## Optional

- [Status page](${links.statusPage}): the same answer for people
- [History](${links.history}): every record, day by day
- [Feed](${links.feed}): Atom feed of the newest records
- [Calendar](${links.calendar}): iCalendar subscription of scheduled and completed resets
`;
}
