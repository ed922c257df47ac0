import { settingsMessageMs } from '../messages.ts';

/** The shell's live region for toasts (AdminShell.tsx): polite, so it never cuts a reader off. */
export const toastRegionId = 'admin-toasts';

/**
 * Says what happened in a toast: shown at the foot of the screen for 5 s and announced by
 * screen readers, since it is added to a live region that was there before.
 */
export function showToast(text: string, kind: 'success' | 'error' = 'success'): void {
  const region = document.getElementById(toastRegionId);
  if (!region) return;
  const toast = document.createElement('p');
  toast.className = `admin-toast admin-toast--${kind}`;
  toast.textContent = text;
  region.append(toast);
  setTimeout(() => toast.remove(), settingsMessageMs);
}
