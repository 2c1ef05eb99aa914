/** A full-screen "updating" overlay in plain DOM: it must work while React is mid-navigation. */
export function showUpdateOverlay(): void {
  if (document.getElementById('update-overlay')) return;
  const overlay = document.createElement('div');
  overlay.id = 'update-overlay';
  overlay.className = 'loading-overlay';
  overlay.setAttribute('role', 'alert');
  overlay.setAttribute('aria-busy', 'true');
  overlay.textContent = 'Updating Campus Companion…';
  document.body.append(overlay);
}
