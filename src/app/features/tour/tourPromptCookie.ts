import { cookies } from '../../../shared/constants';
import { readCookie } from '../../api/xsrf';
import { createStore } from '../../state/createStore';

/** SPEC §3 ShowTourPrompt: `false` once the user has answered the first-run prompt; otherwise it shows. */
export function readShowTourPrompt(): boolean {
  return readCookie(cookies.showTourPrompt) !== 'false';
}

export const showTourPromptStore = createStore<boolean>(readShowTourPrompt(), { name: 'showTourPrompt' });

const oneYearSeconds = 365 * 24 * 60 * 60;

export function writeShowTourPrompt(show: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookies.showTourPrompt}=${String(show)}; Path=/; Max-Age=${oneYearSeconds}; SameSite=Lax${secure}`;
  showTourPromptStore.set(show);
}
