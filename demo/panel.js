// Demo control panel: picks the mock contact centre's scenario for this page (?scenario=, which
// page-config.js hands to the mock as its mock-scenario cookie; every scenario the mock serves is
// listed, file ones too) and the page configuration (locale, triage, chat-lite, variant,
// hide-on-mobile), then reloads so the widget starts again exactly as on a fresh visit.
// One panel for every demo page, so the pages only hold their own content.
const PANEL = `
<form id="demo-panel" aria-labelledby="demo-panel-title">
  <h2 id="demo-panel-title">Demo controls</h2>
  <label>Scenario <select name="scenario"><option value="">loading…</option></select></label>
  <label>Locale
    <select name="locale">
      <option value="en-us">en-US</option>
      <option value="en-ca">en-CA</option>
      <option value="en-gb">en-GB</option>
      <option value="de-de">de-DE</option>
      <option value="fr-fr">fr-FR</option>
      <option value="es-es">es-ES</option>
      <option value="it-it">it-IT</option>
      <option value="nl-nl">nl-NL</option>
      <option value="ja-jp">ja-JP</option>
      <option value="ko-kr">ko-KR</option>
      <option value="zh-cn">zh-CN (China)</option>
      <option value="zh-tw">zh-TW</option>
      <option value="ar-ae">ar-AE (right to left)</option>
    </select>
  </label>
  <label>Look
    <select name="variant">
      <option value="">from the server</option>
      <option value="classic">classic</option>
      <option value="tds">newer design system</option>
    </select>
  </label>
  <label><input type="checkbox" name="triage"> Triage</label>
  <label><input type="checkbox" name="chat_lite"> Chat-lite (callback)</label>
  <label><input type="checkbox" name="mobile"> Hide on mobile</label>
  <button type="submit">Apply and reload</button>
</form>
`;
document.body.insertAdjacentHTML('beforeend', PANEL);
const form = document.getElementById('demo-panel');
const params = new URLSearchParams(window.location.search);

function clearWidgetSession() {
  // A stored chat would resume instead of showing the new setup.
  for (const store of [window.sessionStorage, window.localStorage]) {
    try {
      store.clear();
    } catch {
      // storage may be blocked; nothing to clear then
    }
  }
}

async function loadScenarios() {
  const select = form.elements.scenario;
  try {
    const response = await fetch('/__mock/scenarios');
    const body = await response.json();
    const list = Array.isArray(body) ? body : (body.scenarios ?? []);
    const asked = params.get('scenario');
    const current = asked ?? body.current ?? body.active ?? null;
    select.replaceChildren(
      ...list.map((item) => {
        const name = typeof item === 'string' ? item : item.name;
        // Scenarios loaded from files (mock-chat serve --scenario my.yaml) are listed too.
        const label = item.source && item.source !== 'built-in' ? `${name} (${item.source})` : name;
        return new Option(label, name, false, name === current);
      }),
    );
    if (asked && !list.some((item) => (typeof item === 'string' ? item : item.name) === asked)) {
      const warning = document.createElement('p');
      warning.setAttribute('role', 'alert');
      warning.className = 'demo-panel__error';
      warning.textContent = `Unknown scenario "${asked}": the mock answers nothing for it. Known: ${list.map((item) => item.name ?? item).join(', ')}.`;
      form.prepend(warning);
    }
  } catch {
    select.replaceChildren(new Option('(mock server not reachable)', ''));
    select.disabled = true;
  }
}

for (const name of ['locale', 'variant']) {
  if (params.has(name)) form.elements[name].value = params.get(name);
}
for (const name of ['triage', 'chat_lite', 'mobile']) form.elements[name].checked = params.get(name) === '1';

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const scenario = form.elements.scenario.value;
  // The scenario goes in the page's address (?scenario=): this page plays it, other tabs keep theirs.
  const next = new URLSearchParams();
  if (scenario) next.set('scenario', scenario);
  next.set('locale', form.elements.locale.value);
  if (form.elements.variant.value) next.set('variant', form.elements.variant.value);
  for (const name of ['triage', 'chat_lite', 'mobile']) if (form.elements[name].checked) next.set(name, '1');
  clearWidgetSession();
  window.location.search = next.toString();
});

void loadScenarios();
