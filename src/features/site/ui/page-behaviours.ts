import { removeFormIdFromAddressBar } from '../../forms/address-bar.ts';
import { installSubscriptionBox } from '../../share/subscription-box.ts';
import { installCopyProtection } from '../copy-protection.ts';
import { installLazyBackgrounds } from '../lazy-backgrounds.ts';
import { installSmoothScroll } from '../smooth-scroll.ts';

// Page-wide behaviours that own no markup, loaded once by the document as a module script.
if (document.body.dataset.copyProtection === 'on') installCopyProtection(document);
installLazyBackgrounds(document);
installSmoothScroll(document);
installSubscriptionBox(document);
removeFormIdFromAddressBar(window);
