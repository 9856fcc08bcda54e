import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The static files of the documentation pages, read once at start-up and served from
 * memory: the two Swagger UI files the reference needs, straight from the installed
 * swagger-ui-dist package (never a CDN), plus this directory's initializer, stylesheet and
 * the guide's copy buttons.
 */

export interface DocsAsset {
  readonly path: string;
  readonly type: string;
  readonly body: Buffer;
}

export const DOCS_ASSET_PREFIX = '/docs/assets';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** The installed swagger-ui-dist directory (the package has no `exports`, so this resolves). */
export const SWAGGER_UI_DIR = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** Drops the trailing source-map comment: the map is not served, so a debugger would get a 404. */
const withoutSourceMap = (body: Buffer) =>
  Buffer.from(body.toString('utf8').replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '\n'));

export function loadDocsAssets(): readonly DocsAsset[] {
  const own = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url));
  const swagger = (name: string) => readFileSync(join(SWAGGER_UI_DIR, name));
  return [
    {
      path: `${DOCS_ASSET_PREFIX}/swagger-ui.css`,
      type: CSS,
      body: withoutSourceMap(swagger('swagger-ui.css')),
    },
    {
      path: `${DOCS_ASSET_PREFIX}/swagger-ui-bundle.js`,
      type: JS,
      body: swagger('swagger-ui-bundle.js'),
    },
    {
      path: `${DOCS_ASSET_PREFIX}/swagger-initializer.js`,
      type: JS,
      body: own('swagger-initializer.js'),
    },
    { path: `${DOCS_ASSET_PREFIX}/docs.css`, type: CSS, body: own('docs.css') },
    { path: `${DOCS_ASSET_PREFIX}/copy-code.js`, type: JS, body: own('copy-code.js') },
  ];
}
