// Script errors are kept in window.cspErrors, where the browser test
// (cmd/csp/browser_test.go) reads them: a page that throws fails it.
window.cspErrors = [];
window.addEventListener("error", (e) => window.cspErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => {
  const r = e.reason;
  window.cspErrors.push(String(r && r.message ? r.message : r));
});
