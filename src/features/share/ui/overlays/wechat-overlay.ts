import { qrCodeSvg } from '../../qr-code.ts';
import { element, openOverlayDialog } from './overlay-dialog.ts';
import { overlayMessages } from './overlay-messages.ts';

async function copyText(input: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure origin): copy the selected text instead.
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * Seed §2.6. On a desktop: a QR code of the page to scan with WeChat. On a phone, where the
 * camera is the phone itself: the address with Copy and Open WeChat buttons.
 */
export function openWeChatOverlay(context: {
  url: string;
  mobile: boolean;
  trigger: HTMLElement;
}): HTMLDialogElement {
  if (!context.mobile) {
    const code = element('div', 'share-overlay__qr');
    code.innerHTML = qrCodeSvg(context.url, overlayMessages.wechatQrLabel);
    return openOverlayDialog({
      title: overlayMessages.wechatTitle,
      className: 'share-overlay--wechat',
      body: [code, element('p', 'share-overlay__hint', overlayMessages.wechatScan)],
      trigger: context.trigger,
    });
  }
  const label = element('label', 'share-overlay__label', overlayMessages.wechatUrlLabel);
  const input = element('input', 'share-overlay__url');
  input.id = `share-overlay-url-${Math.floor(Math.random() * 1e9)}`;
  label.htmlFor = input.id;
  input.type = 'text';
  input.readOnly = true;
  input.value = context.url;
  const status = element('p', 'share-overlay__status');
  status.setAttribute('role', 'status');
  const copy = element('button', 'share-overlay__button', overlayMessages.copy);
  copy.type = 'button';
  copy.addEventListener('click', async () => {
    const copied = await copyText(input);
    copy.textContent = copied ? overlayMessages.copied : overlayMessages.copy;
    status.textContent = copied ? '' : overlayMessages.copyFailed;
  });
  const open = element('a', 'share-overlay__button share-overlay__button--primary');
  open.href = 'weixin://';
  open.textContent = overlayMessages.openWechat;
  const actions = element('div', 'share-overlay__actions');
  actions.append(copy, open);
  return openOverlayDialog({
    title: overlayMessages.wechatTitle,
    className: 'share-overlay--wechat share-overlay--mobile',
    body: [label, input, actions, status],
    trigger: context.trigger,
  });
}
