/** The page at / until the widget is built: the running scenario, its story, the endpoints. */
import { escapeHtml } from './http-util.js';

export interface HomePageInput {
  current: { name: string; story: string };
  scenarios: readonly { name: string; story: string }[];
  socketUrl: string;
}

export function homePage(input: HomePageInput): string {
  const rows = input.scenarios
    .map(
      (s) =>
        `<tr><td><button type="button" data-name="${escapeHtml(s.name)}"${s.name === input.current.name ? ' disabled' : ''}>${escapeHtml(s.name)}</button></td><td>${escapeHtml(s.story)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mock-chat: ${escapeHtml(input.current.name)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:0 .25rem;border-radius:3px}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.3rem .5rem;vertical-align:top}
button{font:inherit;cursor:pointer}
</style>
</head>
<body>
<h1>mock-chat</h1>
<p>A scripted contact centre. Running scenario: <strong id="current">${escapeHtml(input.current.name)}</strong></p>
<p>${escapeHtml(input.current.story)}</p>
<h2>Endpoints</h2>
<ul>
<li><code>POST /conversation/check-availability-v2</code> (form-encoded)</li>
<li><code>GET /cua-api/drive/country-data?locale=zh_CN&amp;additional=true</code></li>
<li><code>POST /cua-api/forms/callback</code>, <code>POST /cua-api/forms/lead</code> (JSON)</li>
<li><code>GET /cua-api/chat/files/{workRequestId}/{uuid}</code></li>
<li>WebSocket <code>${escapeHtml(input.socketUrl)}</code></li>
<li><code>GET /__mock/scenarios</code>, <code>POST /__mock/scenario</code> <code>{"name": "..."}</code></li>
<li><code>GET /__mock/sessions</code> (what each session received and sent), <code>POST /__mock/reset</code></li>
<li><a href="/__mock/agent">The agent console</a>: play the contact centre yourself in any chat (<code>?scenario=live-agent</code> waits for you)</li>
</ul>
<p>The demo site appears here once the widget is built (<code>npm run build</code>).</p>
<h2>Scenarios</h2>
<p>Click one to switch the scenario for new sessions and availability answers.</p>
<table>${rows}</table>
<script>
document.querySelectorAll('button[data-name]').forEach(function (button) {
  button.addEventListener('click', function () {
    fetch('/__mock/scenario', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: button.dataset.name }) })
      .then(function () { location.reload(); });
  });
});
</script>
</body>
</html>
`;
}
