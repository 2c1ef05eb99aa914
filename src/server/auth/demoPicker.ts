import { personas } from '../db/seed/personas.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const personaNames: ReadonlySet<string> = new Set(personas.map((p) => p.userName));

/** Demo sign-in is for the personas only, never for any other user of the database. */
export const isDemoPersona = (userName: string): boolean => personaNames.has(userName);

/**
 * The demo persona picker: plain HTML, no inline script, so the CSP stays strict. Its "Keep me
 * signed in on this device" box starts as the landing page's was (`keepSignedIn`, from the query).
 */
export function demoPickerHtml(returnTo: string, keepSignedIn = false): string {
  const items = personas
    .map(
      (p) => `<li><button type="button" data-user-name="${escapeHtml(p.userName)}">
  <span class="name">Sign in as ${escapeHtml(p.userName)}</span>
  <span class="who">${escapeHtml(p.displayName)}: ${escapeHtml(p.description)}</span>
</button></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose a demo persona | Campus Companion</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1b1f2a}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.6rem}
ul{list-style:none;padding:0;display:grid;gap:.75rem}
button{width:100%;text-align:left;padding:.9rem 1rem;border:1px solid #9aa3b5;border-radius:.6rem;background:#fff;color:inherit;font:inherit;cursor:pointer}
button:hover,button:focus-visible{border-color:#1f4fd1;outline:3px solid #1f4fd1;outline-offset:2px}
.keep{display:flex;align-items:center;gap:.5rem;margin:1rem 0}.keep input{width:1.25rem;height:1.25rem;margin:0}
.name{display:block;font-weight:600}.who{display:block;color:#3d4555;font-size:.95rem}
[role=alert]{color:#a4121b;font-weight:600}
</style>
</head>
<body data-return-to="${escapeHtml(returnTo)}">
<main>
<h1>Choose a demo persona</h1>
<p>This server runs in demo mode. Pick who you want to be; no password is needed.</p>
<p class="keep"><input type="checkbox" id="keep-signed-in"${keepSignedIn ? ' checked' : ''}><label for="keep-signed-in">Keep me signed in on this device</label></p>
<ul>
${items}
</ul>
<p role="alert" id="error"></p>
</main>
<script type="module" src="/api/user/signin/picker.js"></script>
</body>
</html>`;
}

/** Signs in with the chosen persona through the JSON endpoint, echoing a fresh antiforgery token. */
export const demoPickerScript = `const error = document.getElementById('error');
const keep = document.getElementById('keep-signed-in');
for (const button of document.querySelectorAll('button[data-user-name]')) {
  button.addEventListener('click', async () => {
    error.textContent = '';
    try {
      const { token } = await (await fetch('/api/antiforgerytoken', { credentials: 'same-origin' })).json();
      const response = await fetch('/api/user/signin/demo', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify({ userName: button.dataset.userName, keepSignedIn: keep.checked }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        throw new Error(body.message ?? 'Sign-in failed (' + response.status + ')');
      }
      location.assign(document.body.dataset.returnTo || '/home');
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : String(e);
    }
  });
}
`;
