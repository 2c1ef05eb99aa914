import { toast } from './toast/toastStore';

/**
 * Copies text to the clipboard and says so (`done`, e.g. 'Token copied'); where the browser
 * refuses, asks the user to copy it themselves (`what`: 'the token').
 */
export async function copyText(text: string, done: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.positive(done);
  } catch {
    toast.warning(`Could not copy: select ${what} and copy it yourself.`);
  }
}
