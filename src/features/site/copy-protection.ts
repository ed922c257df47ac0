const textInputTypes = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/** Right-click and drag stay allowed in text inputs and text areas, where people edit text. */
export function isCopyProtectionExempt(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const field = (target as Element).closest('input, textarea');
  if (!field) return false;
  if (field.tagName === 'TEXTAREA') return true;
  return textInputTypes.has((field.getAttribute('type') ?? '').toLowerCase());
}

/** Blocks the context menu and dragging everywhere else on the page. */
export function installCopyProtection(doc: Document): () => void {
  const block = (event: Event) => {
    if (!isCopyProtectionExempt(event.target)) event.preventDefault();
  };
  doc.addEventListener('contextmenu', block);
  doc.addEventListener('dragstart', block);
  return () => {
    doc.removeEventListener('contextmenu', block);
    doc.removeEventListener('dragstart', block);
  };
}
