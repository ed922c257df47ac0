import { overlayMessages } from './overlay-messages.ts';
import './overlays.css';

/**
 * A modal dialog for a share overlay: the native `<dialog>` keeps focus inside and closes on
 * Escape; closing (the button, Escape or a click beside it) removes it and puts focus back on
 * the icon that opened it.
 */
export function openOverlayDialog(options: {
  title: string;
  className: string;
  body: HTMLElement[];
  trigger: HTMLElement;
}): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.className = `share-overlay ${options.className}`;
  const titleId = `share-overlay-title-${Math.floor(Math.random() * 1e9)}`;
  dialog.setAttribute('aria-labelledby', titleId);
  const heading = document.createElement('h2');
  heading.id = titleId;
  heading.textContent = options.title;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'share-overlay__close';
  close.setAttribute('aria-label', overlayMessages.close);
  close.textContent = '×';
  close.addEventListener('click', () => dialog.close());
  dialog.append(close, heading, ...options.body);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    options.trigger.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** `document.createElement` with a class and text, for the overlays' few elements. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
