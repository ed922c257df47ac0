import 'altcha/external';
import altchaStyles from 'altcha/altcha.css?inline';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import { altchaChallengeAction, captchaResponseFields } from '../../captcha.ts';
import type { PublicCaptcha } from '../../public-form.ts';
import { postAjax } from '../form-client.ts';

/*
 * ALTCHA in the browser (decision 0037): the widget's build without bundled workers or styles,
 * so that it runs under the site's Content-Security-Policy: its proof of work in a worker file
 * of the site's own, its rules in a style element.
 */
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

let stylesAdded = false;
function addStyles() {
  if (stylesAdded) return;
  stylesAdded = true;
  const style = document.createElement('style');
  style.dataset.qformsCaptcha = 'altcha';
  style.textContent = altchaStyles;
  document.head.append(style);
}

/**
 * Challenges come from `/ajax` (one router, with its rate limits): the widget's address for them,
 * `/ajax?form_id=3`, names the form, and this fetch posts the action and hands the widget the
 * challenge as the answer it expects.
 */
const fetchChallenge: typeof fetch = async (input) => {
  const address = new URL(String(input), window.location.origin);
  const answer = await postAjax(
    new URLSearchParams({
      action: altchaChallengeAction,
      form_id: address.searchParams.get('form_id') ?? '',
    }),
  );
  return new Response(JSON.stringify(answer.success ? answer.data : { error: answer.data }), {
    status: answer.success ? 200 : 503,
    headers: { 'content-type': 'application/json' },
  });
};

$altcha.defaults.set({ fetch: fetchChallenge, humanInteractionSignature: false });

/**
 * The widget: it starts its proof of work when the visitor begins filling in the form (or ticks
 * it), and puts its answer in the hidden input `altcha`. A submit while it works waits for it and
 * goes on by itself; a failed submit starts it afresh (seed §4: the captcha is reset).
 */
export function CaptchaWidget({ formId }: { captcha: PublicCaptcha; formId: number }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = container.current;
    const form = place?.closest('form');
    if (!place || !form) return;
    addStyles();
    const widget = document.createElement('altcha-widget') as AltchaWidgetElement;
    widget.setAttribute('name', captchaResponseFields.altcha);
    widget.setAttribute('auto', 'onfocus');
    widget.setAttribute('challenge', `/ajax?form_id=${formId}`);
    place.append(widget);
    /** The visitor sent the form before the proof of work was done: it goes once it is. */
    let submitWhenVerified = false;
    // The element's methods exist once it has mounted (its `load` event).
    const mounted = () => typeof widget.getState === 'function';
    const beforeSubmit = (event: Event) => {
      if (!mounted()) return;
      const state = widget.getState();
      // Verified goes on; an error (the challenge could not be had) goes on too, and the
      // server refuses it with ALTCHA's message, which resets the widget.
      if (state === 'verified' || state === 'error') return;
      event.preventDefault();
      submitWhenVerified = true;
      if (state !== 'verifying') void widget.verify();
    };
    const onVerified = () => {
      if (!submitWhenVerified) return;
      submitWhenVerified = false;
      form.requestSubmit();
    };
    const onStateChange = (event: Event) => {
      const { state } = (event as CustomEvent<{ state: string }>).detail;
      if (state === 'error' || state === 'expired') submitWhenVerified = false;
    };
    const reset = () => {
      submitWhenVerified = false;
      if (mounted()) widget.reset();
    };
    // The widget listens for the form's focus only once it has mounted, a tick after it is
    // placed, and this module is fetched after the form is shown: a visitor quick enough (or a
    // slow device) began filling in before that, and the proof of work would not start until
    // the next focus. It starts on mounting instead.
    let begun = form.contains(document.activeElement);
    const began = () => {
      begun = true;
    };
    const onLoad = () => {
      if (begun && widget.getState() === 'unverified') void widget.verify();
    };
    form.addEventListener('focusin', began);
    widget.addEventListener('load', onLoad);
    form.addEventListener('qformsBeforeSubmit', beforeSubmit);
    form.addEventListener('qformsCaptchaReset', reset);
    widget.addEventListener('verified', onVerified);
    widget.addEventListener('statechange', onStateChange);
    return () => {
      form.removeEventListener('focusin', began);
      form.removeEventListener('qformsBeforeSubmit', beforeSubmit);
      form.removeEventListener('qformsCaptchaReset', reset);
      widget.remove();
    };
  }, [formId]);
  return <div ref={container} className="qforms-captcha-widget" />;
}
