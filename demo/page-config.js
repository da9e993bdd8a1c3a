// Demo only: turns the control panel's choices (kept in the query string) into the page-level
// configuration a real website would write by hand, before the widget's one script tag runs.
(() => {
  const params = new URLSearchParams(window.location.search);
  const flag = (name) => params.get(name) === '1';
  const options = {};
  if (params.has('variant')) options.useLatestTDS = params.get('variant') === 'tds';
  // Any section 9 constant may be overridden as opt.NAME=value (used by the e2e tests to
  // shorten waits such as retryInterval); numbers and booleans are parsed.
  for (const [key, raw] of params) {
    if (!key.startsWith('opt.')) continue;
    const number = Number(raw);
    options[key.slice(4)] = raw === 'true' ? true : raw === 'false' ? false : Number.isNaN(number) ? raw : number;
  }
  // Visitor details a site knows (a signed-in owner) as prefill.NAME=value: the forms show them,
  // read-only with opt.readOnlyPrefilled=true.
  for (const [key, raw] of params) {
    if (!key.startsWith('prefill.')) continue;
    options.prefill = { ...options.prefill, [key.slice(8)]: raw };
  }
  // ?scenario=NAME plays that mock scenario for this page's availability call and chat (the mock
  // reads the mock-scenario cookie); without it the mock's running scenario answers.
  const scenario = params.get('scenario');
  // biome-ignore lint/suspicious/noDocumentCookie: a demo page talking to the mock; one cookie, set once
  document.cookie = scenario
    ? `mock-scenario=${encodeURIComponent(scenario)}; path=/; SameSite=Strict`
    : 'mock-scenario=; path=/; max-age=0; SameSite=Strict';
  window.chatWidgetConfig = {
    locale: params.get('locale') || 'en-us',
    triage: flag('triage'),
    chat_lite: flag('chat_lite'),
    mobile: flag('mobile'),
    energy: document.documentElement.dataset.energy === 'true',
    options,
  };
})();
