/**
 * Copies `text`: through the Clipboard API where the browser allows it, otherwise (insecure
 * origin, permission refused, older browser) through a hidden text area and
 * `execCommand('copy')`. Resolves whether either worked.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused: try the older way below.
    }
  }
  return copyWithTextArea(text, doc);
}

function copyWithTextArea(text: string, doc: Document): boolean {
  const previousFocus = doc.activeElement as HTMLElement | null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // On screen but invisible: some browsers refuse to select text that is off-screen.
  area.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;';
  doc.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = doc.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  previousFocus?.focus?.({ preventScroll: true });
  return copied;
}
