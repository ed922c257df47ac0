/** The parameter a form's redirect may leave on the page address (seed §2.11). */
export const formIdParameter = 'qforms_form_id';

/**
 * Removes `qforms_form_id` from the address bar without a navigation. It runs with the page's
 * behaviours, on load, so it does not wait for a form further down the page to hydrate.
 */
export function removeFormIdFromAddressBar(window: Window): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(formIdParameter)) return;
  url.searchParams.delete(formIdParameter);
  window.history.replaceState(window.history.state, '', url);
}
