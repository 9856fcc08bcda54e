// Starts Swagger UI on /docs. Loaded with `defer` after swagger-ui-bundle.js, so the bundle's
// global and the #swagger-ui element both exist. A file rather than an inline script: the
// page's Content-Security-Policy allows scripts from this origin only.
//
// Stock Swagger UI fails axe-core's accessibility rules in ways CSS cannot fix; this file
// mends them, and test/browser/docs.test.ts runs axe on the result:
// - its BaseLayout draws a second <main> inside the page's own: ReferenceLayout is the same
//   layout with a plain <div id="operations">;
// - each operation's summary is a <button> holding a link (nested interactive controls): the
//   link is drawn without its href (expanding an operation still updates the address bar);
// - <select> elements without a label, and code blocks that scroll sideways but cannot take
//   the keyboard's focus: labelled and made focusable as they appear (see `mend`).
// Dark mode: Swagger UI's own dark theme (`html.dark-mode`), switched by the visitor's
// colour scheme; docs.css fixes the colours of both themes that are too faint.
/* global SwaggerUIBundle */
(() => {
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  const applyScheme = () => document.documentElement.classList.toggle('dark-mode', scheme.matches);
  applyScheme();
  scheme.addEventListener('change', applyScheme);

  const AccessibilityPlugin = (system) => {
    const h = system.React.createElement;

    /** BaseLayout without its <main>, its validator badge and its authorisation button. */
    function ReferenceLayout(props) {
      const { getComponent, specSelectors } = props;
      const status = specSelectors.loadingStatus();
      if (status !== 'success' || !specSelectors.specStr()) {
        // Loading, failed or empty: BaseLayout draws these states without a <main>.
        return h(getComponent('BaseLayout', true), null);
      }
      const Row = getComponent('Row');
      const Col = getComponent('Col');
      const Errors = getComponent('errors', true);
      const servers = specSelectors.servers();
      const full = (child) => h(Row, null, h(Col, { mobile: 12, desktop: 12 }, child));
      return h(
        'div',
        { className: 'swagger-ui' },
        h(getComponent('SvgAssets')),
        h(Errors),
        h(
          Row,
          { className: 'information-container' },
          h(Col, { mobile: 12 }, h(getComponent('InfoContainer', true))),
        ),
        servers?.size
          ? h(
              'div',
              { className: 'scheme-container' },
              h(
                Col,
                { className: 'schemes wrapper', mobile: 12 },
                h(
                  'div',
                  { className: 'schemes-server-container' },
                  h(getComponent('ServersContainer', true)),
                ),
              ),
            )
          : null,
        h(getComponent('FilterContainer', true)),
        h(
          'div',
          { id: 'operations' },
          full(h(getComponent('operations', true))),
          full(h(getComponent('Models', true))),
        ),
      );
    }

    return {
      components: { ReferenceLayout },
      wrapComponents: {
        // The path is drawn inside the summary <button>; without deep linking its <a> has no
        // href, so it is not a second interactive control.
        OperationSummaryPath: (Original) => (props) =>
          h(Original, {
            ...props,
            operationProps: props.operationProps.set('isDeepLinkingEnabled', false),
          }),
      },
    };
  };

  const text = (element) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

  /** "GET /records/latest", the operation an element belongs to, or "". */
  function operationOf(element) {
    const operation = element.closest('.opblock');
    if (!operation) return '';
    const method = text(operation.querySelector('.opblock-summary-method'));
    const path = operation.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
    return `${method} ${path}`.trim();
  }

  function selectLabel(select) {
    if (select.id === 'servers') return 'Server';
    const parameter = select.closest('tr[data-param-name]');
    if (parameter) return `Parameter ${parameter.getAttribute('data-param-name')}`;
    const response = select.closest('.response[data-code]');
    const code = response ? ` of the ${response.getAttribute('data-code')} response` : '';
    if (select.classList.contains('examples-select-element')) return `Example${code}`;
    if (select.classList.contains('content-type')) return `Media type${code}`;
    return 'Option';
  }

  function codeLabel(pre) {
    const response = pre.closest('.response[data-code]');
    if (pre.closest('.curl-command')) return 'cURL command';
    if (pre.closest('.request-url')) return 'Request URL';
    if (pre.closest('.live-responses-table')) {
      // The live response: each block follows its own heading, "Response body", "Response headers".
      let heading = (pre.closest('.highlight-code') ?? pre).previousElementSibling;
      while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
      return text(heading) || 'Response';
    }
    if (response) return `Example of the ${response.getAttribute('data-code')} response`;
    if (pre.closest('.model-example')) return 'Example';
    return 'Code';
  }

  /** Labels unlabelled selects and regions; makes code blocks focusable regions (they may scroll). */
  function mend(root) {
    // The page's own <h1> comes first: the API's title ranks below it, above the tags (<h3>).
    for (const title of root.querySelectorAll('.info h1.title:not([aria-level])')) {
      title.setAttribute('aria-level', '2');
    }
    for (const region of root.querySelectorAll('[role="region"]:not([aria-label])')) {
      // The responses table of each operation is a live region; name it after its operation.
      const operation = operationOf(region);
      region.setAttribute('aria-label', operation ? `Responses of ${operation}` : 'Responses');
    }
    for (const select of root.querySelectorAll('select:not([aria-label]):not([aria-labelledby])')) {
      select.setAttribute('aria-label', selectLabel(select));
    }
    for (const pre of root.querySelectorAll('pre:not(.version):not([tabindex])')) {
      const operation = operationOf(pre);
      const label = codeLabel(pre);
      pre.setAttribute('tabindex', '0');
      pre.setAttribute('role', 'region');
      pre.setAttribute('aria-label', operation ? `${operation}: ${label}` : label);
    }
  }

  window.ui = SwaggerUIBundle({
    url: '/openapi/v1/openapi.json',
    dom_id: '#swagger-ui',
    // Only the reference itself: the site navigation replaces the standalone top bar.
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [AccessibilityPlugin],
    layout: 'ReferenceLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // The validator badge (drawn by the standalone layout, not this one) loads an image from
    // validator.swagger.io; keep it off should the layout change: nothing leaves this origin.
    validatorUrl: null,
    // "Try it out" sends real requests, which count against the quota like any other.
    supportedSubmitMethods: ['get'],
    onComplete: () => {
      const root = document.getElementById('swagger-ui');
      mend(root);
      new MutationObserver(() => mend(root)).observe(root, { childList: true, subtree: true });
    },
  });
})();
