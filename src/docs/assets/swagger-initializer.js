// Starts Swagger UI on /docs. Loaded with `defer` after swagger-ui-bundle.js, so the bundle's
// global and the #swagger-ui element both exist. A file rather than an inline script: the
// page's Content-Security-Policy allows scripts from this origin only.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: '/openapi/v1/openapi.json',
  dom_id: '#swagger-ui',
  // Only the reference itself: the site navigation replaces the standalone top bar.
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  // The validator badge (drawn by the standalone layout, not BaseLayout) loads an image
  // from validator.swagger.io; keep it off should the layout change: nothing leaves this origin.
  validatorUrl: null,
  // "Try it out" sends real requests, which count against the quota like any other.
  supportedSubmitMethods: ['get'],
});
