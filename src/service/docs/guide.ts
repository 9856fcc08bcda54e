import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/domain/errors.ts';
import { PLACEHOLDER_BASE_URL } from '../web/base-url.ts';
import { escapeHtml, renderPage } from '../web/layout.ts';
import { DEFAULT_SITE, type Site } from '../web/site.ts';
import { DOCS_ASSET_PREFIX } from './assets.ts';
import { OPENAPI_DOCUMENT_PATH, REFERENCE_PATH } from './reference.ts';

export const GUIDE_PATH = '/docs/guide';

/**
 * GET /docs/guide: the hand-written guide to the service (service.md, decisions.md §4–§5,
 * README). Plain HTML in a template; HTTP statuses come from the error catalogue so the
 * table cannot drift from what the server answers.
 *
 * Accessibility: every table and example sits in a box of its own that scrolls sideways on
 * a narrow screen, and so takes the keyboard's focus (tabindex="0", role="region" and a
 * label: axe-core's scrollable-region-focusable). Examples marked `data-copy` get a Copy
 * button from copy-code.js.
 */

/** The guide's sections, in order: [id, heading]. Also the table of contents. */
export const GUIDE_SECTIONS = [
  ['status-json', 'The answer in one call: /status.json'],
  ['records', 'Records'],
  ['states', 'Schedule states'],
  ['filters', 'Filters and ordering'],
  ['pagination', 'Pagination'],
  ['last-reset', 'Finding the last reset'],
  ['next-reset', 'Finding the next scheduled reset'],
  ['quota', 'The quota and how to back off'],
  ['errors', 'Errors'],
  ['agents', 'For AI agents'],
  ['mcp', 'Connecting an MCP client'],
  ['more', 'Machine-readable descriptions'],
] as const;

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/**
 * A table in a keyboard-scrollable box; `label` names it for assistive technology. A
 * `stacked` table shows each row as a block on a phone, its cells labelled by `data-label`.
 */
const table = (label: string, html: string, { stacked = false } = {}) =>
  `<div class="scroll-region" tabindex="0" role="region" aria-label="${escapeHtml(label)}"><table${stacked ? ' class="stacked"' : ''}>
${html}
</table></div>`;

/** An example to copy: a keyboard-scrollable box with a Copy button (copy-code.js). */
const example = (label: string, text: string) =>
  `<pre data-copy tabindex="0" role="region" aria-label="${escapeHtml(label)}"><code>${escapeHtml(text)}</code></pre>`;

const ERROR_ROWS: readonly [ErrorCode, string, string][] = [
  [
    'invalid_query',
    'Unknown, duplicate, empty or out-of-range parameter or tool argument. Nothing is corrected; <code>detail</code> names the parameter.',
    'Fix the request. It still counted.',
  ],
  [
    'rate_limited',
    'The sliding-window quota is exceeded.',
    'Wait <code>Retry-After</code> (or <code>retryAfter</code>) seconds.',
  ],
  [
    'rate_limit_unavailable',
    'Limiting is on but its store does not answer. These pages still work.',
    'Retry after a short pause.',
  ],
  [
    'data_unavailable',
    'No snapshot has been published yet. Not the same as an empty match.',
    'Retry later; do not report &ldquo;no resets&rdquo;.',
  ],
  ['internal_error', 'Unexpected server error; no internal details.', 'Retry later.'],
  ['not_found', 'Unknown path.', 'Check the URL.'],
  [
    'method_not_allowed',
    'Known path, unsupported method; <code>Allow</code> lists the methods.',
    'Use GET.',
  ],
];

const errorRows = ERROR_ROWS.map(
  ([name, when, action]) =>
    `<tr><td>${code(name)}</td><td>${ERROR_CATALOGUE[name].status}</td><td data-label="When">${when}</td><td data-label="What to do">${action}</td></tr>`,
).join('\n');

export interface GuideOptions {
  /**
   * PUBLIC_BASE_URL (no trailing slash): the origin of every copyable command. Unset, the
   * commands show PLACEHOLDER_BASE_URL and the page says it is a placeholder.
   */
  readonly baseUrl?: string | undefined;
  /** SITE_NAME and the quota in force. */
  readonly site?: Site;
}

/** Name under which the commands register the MCP server in a client. */
const SERVER_NAME = 'reset-records';

const json = (value: unknown) => JSON.stringify(value, null, 2);

const toc = GUIDE_SECTIONS.map(([id, heading]) => `<li><a href="#${id}">${heading}</a></li>`).join(
  '',
);

function guideHtml({ baseUrl, site = DEFAULT_SITE }: GuideOptions): string {
  const base = baseUrl ?? PLACEHOLDER_BASE_URL;
  const mcpUrl = `${base}/mcp`;
  // Without PUBLIC_BASE_URL the examples carry a placeholder; copy-code.js puts the page's
  // own address in its place in the browser (it knows where it is; the server takes no
  // address from a Host header), and says so in this note.
  const addressNote =
    baseUrl === undefined
      ? `<p class="note" id="address-note" data-placeholder="${PLACEHOLDER_BASE_URL}">The commands on this page use ${code(PLACEHOLDER_BASE_URL)}, a
<strong>placeholder</strong>: the address of a local ${code('npm start')}. Replace it with the
address of the server you are reading this page on (its operator can set
${code('PUBLIC_BASE_URL')} so that the page shows it).</p>`
      : `<p class="note">The commands on this page use this service's public address,
${code(baseUrl)}.</p>`;
  const quota =
    site.quota === null
      ? 'not rate-limited on this server'
      : `${site.quota.max} requests per rolling ${site.quota.windowSeconds === 3600 ? 'hour' : `${site.quota.windowSeconds} seconds`} per IP`;
  return `<article class="guide">
<h1>Guide: ${escapeHtml(site.name)}</h1>
<p>The service publishes read-only public records about the usage-limit resets of
${escapeHtml(site.name.replace(/ usage-limit resets$/, ''))}: resets that were
<strong>scheduled</strong> (announced for a time or a window) and resets that were
<strong>completed</strong>. Its answer to &ldquo;was there a reset, and when is the next
one?&rdquo; is one uncounted call, ${code('GET /status.json')}; the records themselves are
served by an HTTP JSON API under ${code('/openapi/v1')} and by an MCP server at
${code('/mcp')} (${quota}). Access is anonymous: no key, no registration.</p>
<p>Every request reads the currently published snapshot. ${code('meta.generatedAt')} is when it was
generated and ${code('meta.lastSuccessfulCheckAt')} when the monitor last checked successfully
(null if unknown); both describe the data, not your request. Before anything is published, data
requests answer 503 ${code('data_unavailable')}, which is not an empty result. The service keeps
the records currently saved, fulfilled and elapsed schedules included, but is not a permanent
archive; undone or dismissed records are left out.</p>
${example(
  'Example requests',
  `curl -s '${base}/status.json'
curl -s '${base}/openapi/v1/records?kind=reset_scheduled&page=2&pageSize=5'`,
)}
${addressNote}
<nav class="guide-toc" aria-label="Contents"><h2>Contents</h2><ol>${toc}</ol></nav>

<h2 id="status-json">The answer in one call: /status.json</h2>
<p>${code('GET /status.json')} is the status page's own answer, for widgets, bots and agents:
one call, <strong>never counted</strong> against the quota, the same for every client (so a
CDN may keep it: ${code('Cache-Control: public, max-age=N')}, where N never reaches past the
next moment the answer changes), with an ${code('ETag')} (${code('If-None-Match')} gets a 304)
and HEAD. It is outside ${code('/openapi/v1')} and described by an OpenAPI document of its
own, <a href="/status.openapi.json" type="application/json">/status.openapi.json</a>.</p>
${example('The status answer', `curl -s '${base}/status.json'`)}
${table(
  'Fields of /status.json',
  `<thead><tr><th>Field</th><th>Meaning</th></tr></thead>
<tbody>
<tr><td>${code('generatedAt')}, ${code('lastSuccessfulCheckAt')}</td><td>As the API's ${code('meta')}: when the data was generated, when the source was last checked.</td></tr>
<tr><td>${code('stale')}</td><td>No successful check for more than 30 hours (or none): resets since may be missing. Say so before anything else.</td></tr>
<tr><td>${code('lastReset')}</td><td>The completion whose reset happened last, by ${code('completedAt ?? effectiveAt ?? announcedAt')} (never one dated after now): ${code('recordId')}, ${code('at')}, ${code('resetType')}, ${code('plans')}, ${code('windows')}. Null when none.</td></tr>
<tr><td>${code('lastGlobalReset')}</td><td>The same among global resets (${code('global')} or ${code('global_and_banked')}): a banked reset for one plan is not a fresh quota for everyone.</td></tr>
<tr><td>${code('next')}</td><td>${code('open[0]')}: the next reset, or null.</td></tr>
<tr><td>${code('open')}</td><td>Every open schedule (pending, its window not ended, or no window), earliest ${code('startAt')} first, then ${code('endAt')}, then id; schedules without a window last, with ${code('startAt')} and ${code('endAt')} null. Each has ${code('recordId')}, ${code('resetType')}, ${code('plans')}, ${code('windows')}, ${code('precision')} (${code('date')} or ${code('datetime')}), ${code('startAt')}, ${code('endAt')} and ${code('inProgress')} (the window has started).</td></tr>
<tr><td>${code('links')}</td><td>Where the records, the feed and the calendar are.</td></tr>
</tbody>`,
)}
<p>What was reset is always part of the answer: ${code('resetType')} says global limits or
banked usage, ${code('plans')} says for whom (${code('all')}, a list, or ${code('unknown')}),
${code('windows')} which quota windows. Only a global reset of all (or unspecified) plans is an
unqualified &ldquo;limits were reset&rdquo;; say anything narrower as what it was (&ldquo;a banked
reset for Pro, 2 h ago&rdquo;). Cite ${code('recordId')}; the record itself is at
${code('/records/ID')} and in the API.</p>

<h2 id="records">Records</h2>
<p>A record is either a schedule (${code('kind: "reset_scheduled"')}) or a completion
(${code('kind: "reset_completed"')}). ${code('resetType')} (${code('global')}, ${code('banked')},
${code('global_and_banked')}) says what was reset and is independent of ${code('kind')}. Every field
is always present; ${code('null')} means unknown or not applicable, never zero. Timestamps are UTC,
ISO 8601 with milliseconds and ${code('Z')}, e.g. ${code('2026-11-20T12:00:00.000Z')}.</p>
${table(
  'Record fields',
  `<thead><tr><th>Field</th><th>Meaning</th></tr></thead>
<tbody>
<tr><td>${code('id')}</td><td>Digits for posts from the social platform (${code('source.origin')} ${code('x')}); ${code('op_…')} for operator notes; ${code('manual:…')} for manual completions (origin ${code('operator')}).</td></tr>
<tr><td>${code('announcedAt')}</td><td>When the source was announced. Null for manual completions without an announcement.</td></tr>
<tr><td>${code('effectiveAt')}</td><td>The reset time a post states (&ldquo;lands at 6pm PT&rdquo;); null when it states none, as most completions do. Never copied from ${code('announcedAt')}. For when a completion happened, read ${code('completedAt')} first (<a href="#last-reset">below</a>).</td></tr>
<tr><td>${code('text')}</td><td>Public post text or operator copy, or null.</td></tr>
<tr><td>${code('confidence')}</td><td>0 to 1 when known; null for heatmap-only history and aggregated manual completions.</td></tr>
<tr><td>${code('scope')}</td><td>${code('{plans, windows}')} or null. ${code('all')} means every plan; ${code('unknown')} means unspecified. Windows are quota windows such as ${code('five_hour')} or ${code('weekly')}.</td></tr>
<tr><td>${code('source')}</td><td>Always present: ${code('origin')}, ${code('postId')}, ${code('handle')}, ${code('url')} (null when there is no source post).</td></tr>
<tr><td>${code('schedulePrecision')}</td><td>${code('date')} or ${code('datetime')}. A ${code('date')} schedule's window is that civil day converted to UTC.</td></tr>
<tr><td>${code('scheduleBasis')}</td><td>${code('explicit')} or ${code('contextual_inference')}.</td></tr>
<tr><td>${code('scheduleWindow')}</td><td>${code('{startAt, endAt}')}; ${code('endAt')} equals ${code('startAt')} for an exact time.</td></tr>
<tr><td>${code('scheduleState')}</td><td>See <a href="#states">states</a>.</td></tr>
<tr><td>${code('completedAt')}</td><td>On a completion, when the reset happened (its post's time, or the time the operator gave); on a schedule, when it was confirmed fulfilled (null if not confirmed).</td></tr>
<tr><td>${code('completionRecordId')}</td><td>On a schedule, the id of the linked completion record.</td></tr>
<tr><td>${code('fulfillmentOrigin')}</td><td>How a fulfilment was established: ${code('auto')}, ${code('link')} or ${code('manual')}.</td></tr>
<tr><td>${code('relatedRecordIds')}</td><td>On a completion, the ids of related schedules; ${code('[]')} when none.</td></tr>
</tbody>`,
)}
<p><strong>Schedule or completion.</strong> A schedule announces a reset; a completion records one that
happened. The four ${code('schedule…')} fields are set on schedules and null on completions. When a
schedule is confirmed, it becomes ${code('fulfilled')} with ${code('completedAt')} and
${code('fulfillmentOrigin')} set, and the completion lists it in ${code('relatedRecordIds')}.</p>
<p><strong>Manual completions</strong> are entered by the operator: id ${code('manual:…')},
${code('kind')} ${code('reset_completed')}, ${code('source.origin')} ${code('operator')} with
${code('postId')}, ${code('handle')} and ${code('url')} null, ${code('relatedRecordIds')} listing the
original schedules, ${code('fulfillmentOrigin')} ${code('manual')}, ${code('completionRecordId')}
null. ${code('announcedAt')}, ${code('text')}, ${code('confidence')} and the schedule fields may be
null.</p>

<h2 id="states">Schedule states</h2>
<p>Only schedules have a ${code('scheduleState')}; completions have null.</p>
${table(
  'Schedule states',
  `<thead><tr><th>State</th><th>Meaning</th></tr></thead>
<tbody>
<tr><td>${code('pending')}</td><td>Still open. While its window has not ended (or it has no window) it is pinned first in ${code('all')} and ${code('reset_completed')}.</td></tr>
<tr><td>${code('elapsed')}</td><td>The window passed without a confirmed completion. <strong>Elapsed does not mean completed</strong>: do not report it as a reset that happened.</td></tr>
<tr><td>${code('fulfilled')}</td><td>Confirmed: ${code('completedAt')} is set and ${code('fulfillmentOrigin')} is ${code('auto')}, ${code('link')} or ${code('manual')}. Left out of ${code('all')}, listed on ${code('reset_scheduled')}.</td></tr>
<tr><td>${code('unknown')}</td><td>The state cannot be determined.</td></tr>
</tbody>`,
)}

<h2 id="filters">Filters and ordering</h2>
<p>${code('kind')} takes ${code('all')} (default), ${code('reset_scheduled')} or
${code('reset_completed')}. With ${code('now')} the time of your request, a schedule is:</p>
<ul>
<li><strong>open</strong> when it is ${code('pending')} and its window has not ended (${code('endAt >= now')}) or it has no window;</li>
<li><strong>in progress</strong> when it is open, has a window and ${code('startAt <= now')};</li>
<li><strong>future</strong> when it is open, has a window and ${code('startAt > now')}.</li>
</ul>
${table(
  'What each kind returns',
  `<thead><tr><th>kind</th><th>Returns</th><th>Order</th></tr></thead>
<tbody>
<tr><td>${code('all')}</td><td>Every record except fulfilled schedules: the live signal list.</td><td>Open schedules first (window start, then end, ascending; no window last), then the rest newest first.</td></tr>
<tr><td>${code('reset_scheduled')}</td><td>Every schedule, whatever its state (fulfilled and elapsed included).</td><td>${code('effectiveAt ?? scheduleWindow.startAt')}, then ${code('announcedAt')}, then ${code('id')}, all descending. Nothing pinned.</td></tr>
<tr><td>${code('reset_completed')}</td><td>Every completion, plus schedules in progress now. No future, elapsed, fulfilled, unknown or stale pending schedule.</td><td>In-progress schedules first, then completions newest first.</td></tr>
</tbody>`,
)}
<p>&ldquo;Newest first&rdquo; compares ${code('announcedAt ?? completedAt ?? effectiveAt')}, then
${code('completedAt')}, ${code('effectiveAt')} and ${code('id')}, each descending, nulls last. Ids
compare as integers when both are numeric. The latest record
(${code('/records/latest')}, ${code('get_latest_reset_record')}) is the first row of the same
filter, or ${code('data: null')} when nothing matches.</p>

<h2 id="pagination">Pagination</h2>
<p>${code('page')} starts at 1; ${code('pageSize')} is 1 to 10 (default 10). Values are plain
decimal digits: ${code('01')}, ${code('1.0')}, an unknown, repeated or empty parameter is a 422,
never corrected. A list page has ${code('items')}, ${code('page')}, ${code('pageSize')},
${code('total')} (matching records, schedules and completions together, not distinct reset days),
${code('totalPages')} (0 when nothing matches) and ${code('hasNext')}.</p>
<ol>
<li>Request page 1, then, while ${code('hasNext')} is true, the next page with the same ${code('kind')} and ${code('pageSize')}.</li>
<li><strong>Deduplicate by ${code('id')}</strong>: a new snapshot, or time passing (a window starting or ending), can move records between pages while you read.</li>
<li>A page past the end is not an error: 200 with ${code('items: []')} and your ${code('page')} echoed.</li>
<li>Every page is one request against the quota.</li>
</ol>

<h2 id="last-reset">Finding the last reset</h2>
<p>${code('lastReset')} of <a href="#status-json">/status.json</a> is the answer. From the
records themselves:</p>
<ol>
<li>Read ${code('kind=reset_completed')}, page by page (${code('/records/latest?kind=reset_completed')} is not enough: schedules in progress are <strong>pinned first</strong> in this filter, so its first row can be a schedule, which is no reset).</li>
<li>Skip every record whose ${code('kind')} is ${code('reset_scheduled')}.</li>
<li>A completion's reset happened at ${code('completedAt ?? effectiveAt ?? announcedAt')}: read ${code('completedAt')} first (real completions leave ${code('effectiveAt')} null). Skip one dated after now.</li>
<li>The last reset is the first completion left: completions are listed newest first, and on the service's data their order is that of this time. Say what was reset (${code('resetType')}, ${code('scope.plans')}) with it.</li>
</ol>
${example(
  'The last reset from the records',
  `curl -s '${base}/openapi/v1/records?kind=reset_completed&pageSize=10'`,
)}

<h2 id="next-reset">Finding the next scheduled reset</h2>
<p>${code('next')} of <a href="#status-json">/status.json</a> is the answer, and
${code('open')} every open schedule in the same order. From the records (service.md's
guidance, which gives the same answer):</p>
<ol>
<li>Read every page of ${code('kind=reset_scheduled')}, following ${code('hasNext')}, deduplicating by id.</li>
<li>Keep schedules whose ${code('scheduleState')} is ${code('pending')} and whose window has not ended (${code('scheduleWindow.endAt >= now')}).</li>
<li>Pick the earliest ${code('scheduleWindow.startAt')} (on a tie, the earlier ${code('endAt')}, then the smaller id). A date-level window (${code('schedulePrecision: "date"')}) covers a whole day of the announcer's (Pacific) calendar and may already be <strong>in progress</strong>: it is then the next reset, and an exact time later that day comes after it. Say it is open now rather than calling it future.</li>
<li>No window among them, but a pending schedule without one (it is open until ${code('UNKNOWN_AFTER_HOURS')} pass)? Then a reset is announced with no time: say that, not a time.</li>
</ol>
<p class="note">If you stop paginating early (quota, errors, a page limit), disclose the range you
checked, e.g. &ldquo;pages 1–2 of 4 of ${code('reset_scheduled')}&rdquo;, and do not claim your
candidate is the overall next schedule.</p>

<h2 id="quota">The quota and how to back off</h2>
<p><strong>20 requests in any rolling 3600 seconds per client IP</strong> (the defaults; the headers
below carry the values in force), shared by the two HTTP data endpoints and the two MCP query tools.
Clients behind one outbound IP share a quota.</p>
<ul>
<li><strong>Counted:</strong> every GET or HEAD of ${code('/openapi/v1/records')} and ${code('/openapi/v1/records/latest')}, whatever the outcome (a 422, a 503 ${code('data_unavailable')} and a 304 count too); every MCP ${code('tools/call')} of one of the two tools, even with bad arguments.</li>
<li><strong>Not counted:</strong> ${code('/status.json')}, these pages, the feed and the calendar, the OpenAPI documents, the skill, ${code('llms.txt')}, health and metrics endpoints, ${code('OPTIONS')}, 404 and 405 answers, MCP ${code('initialize')}, ${code('tools/list')} and unknown tools. Refused (429) requests are not recorded either.</li>
</ul>
${table(
  'Quota headers',
  `<thead><tr><th>Header</th><th>Meaning</th></tr></thead>
<tbody>
<tr><td>${code('X-RateLimit-Limit')}</td><td>Maximum requests in the window.</td></tr>
<tr><td>${code('X-RateLimit-Remaining')}</td><td>Requests left after this one.</td></tr>
<tr><td>${code('X-RateLimit-Window')}</td><td>Window length in seconds.</td></tr>
<tr><td>${code('X-RateLimit-Reset')}</td><td>UTC time when the oldest counted request leaves the window. <strong>One slot frees then</strong>, not the whole quota.</td></tr>
<tr><td>${code('Retry-After')}</td><td>Only on 429: whole seconds to wait (also ${code('retryAfter')} in the body).</td></tr>
</tbody>`,
)}
<p>How to back off: watch ${code('X-RateLimit-Remaining')}; at 0, wait until
${code('X-RateLimit-Reset')} before the next request. On a 429, wait ${code('Retry-After')} seconds;
retrying sooner only gets another 429. Reuse a response for its ${code('Cache-Control: max-age')}
instead of asking again. ${code('If-None-Match')} with the last ${code('ETag')} gets a 304 without a
body when nothing changed, but a 304 <strong>still counts</strong>. The headers are absent only
when the operator has turned limiting off.</p>

<h2 id="errors">Errors</h2>
<p>An HTTP error is JSON with exactly ${code('ok')} (false), ${code('error')}, ${code('detail')},
plus ${code('retryAfter')} on ${code('rate_limited')}:</p>
${example('Example error body', '{"ok":false,"error":"rate_limited","detail":"…","retryAfter":120}')}
${table(
  'Error codes',
  `<thead><tr><th>error</th><th>HTTP</th><th>When</th><th>What to do</th></tr></thead>
<tbody>
${errorRows}
</tbody>`,
  { stacked: true },
)}
<p>Over MCP the same codes come back as tool results with ${code('isError: true')} and the same
body as ${code('structuredContent')}. Unknown tools and malformed messages are JSON-RPC protocol
errors instead.</p>

<h2 id="agents">For AI agents</h2>
<p>An agent can use this service through its MCP server (two tools, below), or over HTTP with
the agent skill as its instructions. The MCP endpoint is ${code(mcpUrl)}: Streamable HTTP, no
key, no sign-in. Tool calls count against the same quota as the HTTP API. One line sets it up
in each of these clients (${code(SERVER_NAME)} is the name the client shows):</p>
<h3>Claude Code</h3>
${example('Claude Code command', `claude mcp add --transport http ${SERVER_NAME} ${mcpUrl}`)}
<h3>OpenAI Codex CLI</h3>
${example('Codex CLI command', `codex mcp add ${SERVER_NAME} --url ${mcpUrl}`)}
<h3>Gemini CLI</h3>
${example('Gemini CLI command', `gemini mcp add --transport http ${SERVER_NAME} ${mcpUrl}`)}
<h3>VS Code (GitHub Copilot agent mode)</h3>
${example('VS Code command', `code --add-mcp '${JSON.stringify({ name: SERVER_NAME, type: 'http', url: mcpUrl })}'`)}
<p>Or in ${code('.vscode/mcp.json')} (this workspace) or the user ${code('mcp.json')}
(command &ldquo;MCP: Open User Configuration&rdquo;):</p>
${example('VS Code mcp.json', json({ servers: { [SERVER_NAME]: { type: 'http', url: mcpUrl } } }))}
<h3>Cursor</h3>
<p>In ${code('~/.cursor/mcp.json')} (every project) or ${code('.cursor/mcp.json')} (one project):</p>
${example('Cursor mcp.json', json({ mcpServers: { [SERVER_NAME]: { url: mcpUrl } } }))}
<p>Any other client that speaks Streamable HTTP takes the same URL; most accept the JSON in
<a href="#mcp">Connecting an MCP client</a>.</p>
<h3>Agent skill and llms.txt</h3>
<p>Agents that load skills (Claude Code, for one) can install the skill folder
${code('reset-records/')}; its examples already point at ${code(base)}:</p>
${example('Skill install command', `curl -sO ${base}/skill.zip && unzip skill.zip -d ~/.claude/skills/`)}
<p>Use your agent's skills folder in place of ${code('~/.claude/skills/')}. The skill itself is
<a href="/skill/SKILL.md" type="text/markdown">SKILL.md</a> (a Markdown file), and
<a href="/llms.txt" type="text/plain">llms.txt</a> (a text file) is a short index of this
service for language models.</p>

<h2 id="mcp">Connecting an MCP client</h2>
<p>The MCP endpoint is ${code('/mcp')} on this server (Streamable HTTP, stateless, ${code('POST')}).
Give your client its full URL, ${code(mcpUrl)}. Most clients take a JSON entry like this one
(Claude Code's ${code('.mcp.json')}, for one):</p>
${example('MCP client configuration (JSON)', json({ mcpServers: { [SERVER_NAME]: { type: 'http', url: mcpUrl } } }))}
${table(
  'MCP tools',
  `<thead><tr><th>Tool</th><th>Arguments</th><th>${code('data')} in the result</th></tr></thead>
<tbody>
<tr><td>${code('get_latest_reset_record')}</td><td>${code('kind')} (default ${code('all')})</td><td>One record or null.</td></tr>
<tr><td>${code('list_reset_records')}</td><td>${code('kind')}, ${code('page')} (default 1), ${code('pageSize')} (default 10, at most 10)</td><td>The list page, with the records in ${code('data.items')}.</td></tr>
</tbody>`,
)}
<p>Both return ${code('{ok, data, meta}')} as ${code('structuredContent')} (plus the same JSON as
text), exactly like the HTTP envelopes. Arguments are strict: ${code('page')} and
${code('pageSize')} must be JSON integers (not ${code('"2"')}, ${code('1.5')} or ${code('true')}),
the name is ${code('pageSize')} (${code('page_size')} is refused), and any extra key is
${code('invalid_query')}. Paginate and back off exactly as over HTTP.</p>

<h2 id="more">Machine-readable descriptions</h2>
<ul>
<li><a href="/status.json" type="application/json">Status answer</a> (JSON file, ${code('/status.json')}), described by <a href="/status.openapi.json" type="application/json">its own OpenAPI document</a>.</li>
<li><a href="${REFERENCE_PATH}">Interactive API reference</a> (Swagger UI).</li>
<li><a href="${OPENAPI_DOCUMENT_PATH}" type="application/json">OpenAPI 3.1 document</a> (JSON file, ${code(OPENAPI_DOCUMENT_PATH)}).</li>
<li><a href="/skill/SKILL.md" type="text/markdown">Agent skill</a> (Markdown file, ${code('/skill/SKILL.md')}; installable folder at <a href="/skill.zip" type="application/zip">${code('/skill.zip')}</a>, a zip file).</li>
<li><a href="/llms.txt" type="text/plain">llms.txt</a> (text file): a short index for language models.</li>
<li><a href="/">Status page</a>: the latest records at a glance.</li>
</ul>
</article>`;
}

export function renderGuidePage(options: GuideOptions = {}): string {
  return renderPage({
    site: options.site ?? DEFAULT_SITE,
    title: 'Guide',
    path: GUIDE_PATH,
    styles: [`${DOCS_ASSET_PREFIX}/docs.css`],
    scripts: [`${DOCS_ASSET_PREFIX}/copy-code.js`],
    main: guideHtml(options),
  });
}
