/**
 * The small server pages of sign-in and sign-out, for browser navigations that the app does not
 * render: plain HTML, no inline script (the CSP stays strict).
 */

const style = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1b1f2a}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.6rem}
button,a.button{display:inline-block;padding:.7rem 1.2rem;border:1px solid #1f4fd1;border-radius:.6rem;background:#1f4fd1;color:#fff;font:inherit;cursor:pointer;text-decoration:none}
button:focus-visible,a:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
[hidden]{display:none}
[role=alert]{color:#a4121b;font-weight:600}`;

function page(title: string, body: string, attributes = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Campus Companion</title>
<style>
${style}
</style>
</head>
<body${attributes}>
<main>
${body}
</main>
</body>
</html>`;
}

/** GET /api/user/signin when the identity provider cannot be reached (503). */
export function signInUnavailableHtml(): string {
  return page(
    'Sign-in is unavailable',
    `<h1>Sign-in is unavailable</h1>
<p>The university sign-in service cannot be reached at the moment. Please try again in a few minutes.</p>
<p><a class="button" href="/landing">Back to the start page</a></p>`,
  );
}

export const ACCOUNT_LINK_REFUSED_MESSAGE = 'This university account cannot sign in here: its user name already belongs to another account. Please contact IT support.';

/** The sign-in callback's answer when another identity already holds the user name (issue 32, item 2). */
export function accountLinkRefusedHtml(): string {
  return page(
    'Sign-in refused',
    `<h1>Sign-in refused</h1>
<p>${ACCOUNT_LINK_REFUSED_MESSAGE}</p>
<p><a class="button" href="/landing">Back to the start page</a></p>`,
  );
}

export const SIGN_IN_UNAVAILABLE_MESSAGE = 'The university sign-in service cannot be reached at the moment. Please try again in a few minutes.';

/**
 * GET /api/user/signout with a session. `isAutomatic`: the navigation came from this origin (the
 * app), so the script signs out at once; otherwise the user confirms with the button.
 */
export function signOutPageHtml({ isEntra, isAutomatic }: { readonly isEntra: boolean; readonly isAutomatic: boolean }): string {
  return page(
    isAutomatic ? 'Signing you out' : 'Sign out',
    `<h1 id="title">${isAutomatic ? 'Signing you out' : 'Sign out of Campus Companion?'}</h1>
<p id="status" role="alert"></p>
<form id="confirm"${isAutomatic ? ' hidden' : ''}>
<p><button type="submit">Sign out</button> <a href="/home">Stay signed in</a></p>
</form>
<noscript><p>Sign-out needs JavaScript. Please turn it on and reload this page.</p></noscript>
<script type="module" src="/api/user/signout/page.js"></script>`,
    ` data-entra="${isEntra ? 'true' : 'false'}" data-automatic="${isAutomatic ? 'true' : 'false'}"`,
  );
}

/**
 * Signs out through POST /api/user/signout with a fresh antiforgery token (the app clears its
 * cookies before it navigates here), then goes where the server says.
 */
export const signOutPageScript = `const status = document.getElementById('status');
const form = document.getElementById('confirm');
async function signOut() {
  status.textContent = '';
  form.hidden = true;
  try {
    const { token } = await (await fetch('/api/antiforgerytoken', { credentials: 'same-origin' })).json();
    const query = document.body.dataset.entra === 'true' ? '?entra=true' : '';
    const response = await fetch('/api/user/signout' + query, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-xsrf-token': token },
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok || typeof body.location !== 'string') throw new Error(body.message ?? 'Sign-out failed (' + response.status + ')');
    location.replace(body.location);
  } catch (e) {
    status.textContent = (e instanceof Error ? e.message : String(e)) + ' Please try again.';
    form.hidden = false;
  }
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void signOut();
});
if (document.body.dataset.automatic === 'true') void signOut();
`;
