import { shareMessages } from './messages.ts';
import {
  isSubscribableEmail,
  subscriptionPagePath,
  subscriptionPopupFeatures,
} from './subscription-rules.ts';

/**
 * The subscription box (`form[data-subscribe="feedId"]`): an address that is not one gets an
 * alert and the focus; a good one opens the subscription page in a sized pop-up, or in this tab
 * when pop-ups are blocked. Listening on the document, it works for every box on the page as soon
 * as this module runs; before that (or without JavaScript) the form itself opens the page in a
 * new tab.
 */
export function installSubscriptionBox(doc: Document): void {
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.subscribe === undefined) return;
    event.preventDefault();
    const input = form.elements.namedItem('email');
    if (!(input instanceof HTMLInputElement)) return;
    if (!isSubscribableEmail(input.value, input.placeholder)) {
      window.alert(shareMessages.invalidSubscriptionEmail);
      input.focus();
      return;
    }
    const url = subscriptionPagePath(Number(form.dataset.subscribe), input.value);
    const popup = window.open(url, 'quire-subscribe', subscriptionPopupFeatures());
    if (!popup) window.location.assign(url);
  });
}
