// Demo control panel: switches the mock contact centre's scenario (through its /__mock
// endpoints) and the page configuration (locale, triage, chat-lite, variant, hide-on-mobile),
// then reloads so the widget starts again exactly as on a fresh visit.
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
    const current = body.current ?? body.active ?? null;
    select.replaceChildren(
      ...list.map((item) => {
        const name = typeof item === 'string' ? item : item.name;
        const option = new Option(name, name, false, name === current);
        return option;
      }),
    );
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
  if (scenario) {
    await fetch('/__mock/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: scenario }),
    });
  }
  const next = new URLSearchParams();
  next.set('locale', form.elements.locale.value);
  if (form.elements.variant.value) next.set('variant', form.elements.variant.value);
  for (const name of ['triage', 'chat_lite', 'mobile']) if (form.elements[name].checked) next.set(name, '1');
  clearWidgetSession();
  window.location.search = next.toString();
});

void loadScenarios();
