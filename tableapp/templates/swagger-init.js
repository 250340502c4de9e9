// Starts Swagger UI on /api/docs (a file, not an inline script: the page's CSP allows
// scripts from this server only). The spec URL and any config come from data attributes.
(function () {
  const script = document.currentScript;
  const config = Object.assign(
    {
      url: script.dataset.specUrl,
      dom_id: "#swagger-ui-container",
      validatorUrl: null, // no badge fetched from validator.swagger.io
    },
    JSON.parse(script.dataset.config || "{}"),
  );
  window.addEventListener("load", function () {
    window.ui = SwaggerUIBundle(config);
  });
})();
