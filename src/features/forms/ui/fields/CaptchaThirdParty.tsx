import { useEffect, useRef, useState } from 'react';
import { fill } from '../../../../platform/fill-message.ts';
import {
  type CaptchaProvider,
  captchaProviderNames,
  captchaResponseFields,
  captchaScriptUrls,
} from '../../captcha.ts';
import { captchaMessages } from '../../captcha-messages.ts';
import type { PublicCaptcha } from '../../public-form.ts';

/*
 * hCaptcha, Google reCAPTCHA (v2 checkbox) and Cloudflare Turnstile in the browser: each
 * service's documented script, loaded only on a page whose form has a captcha, with explicit
 * rendering and an onload callback. The three share the API this uses: `render(container,
 * { sitekey, callback, … })` returning a widget id, and `reset(id)`.
 */

type ThirdParty = Exclude<CaptchaProvider, 'altcha'>;

type CaptchaApi = {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | number;
  reset: (widgetId?: string | number) => void;
};

/** The global each script defines. */
const apiGlobals: Record<ThirdParty, string> = {
  hcaptcha: 'hcaptcha',
  recaptcha: 'grecaptcha',
  turnstile: 'turnstile',
};

/** How long the script may take before the form says it could not be loaded. */
const scriptTimeoutMs = 15_000;

const loading = new Map<ThirdParty, Promise<CaptchaApi>>();

function loadApi(provider: ThirdParty): Promise<CaptchaApi> {
  let api = loading.get(provider);
  if (!api) {
    api = new Promise<CaptchaApi>((resolve, reject) => {
      const callback = `qformsCaptchaLoaded_${provider}`;
      const scope = window as unknown as Record<string, unknown>;
      const script = document.createElement('script');
      const timer = setTimeout(
        () => reject(new Error(`${provider} took too long`)),
        scriptTimeoutMs,
      );
      scope[callback] = () => {
        clearTimeout(timer);
        const found = scope[apiGlobals[provider]] as CaptchaApi | undefined;
        if (found && typeof found.render === 'function') resolve(found);
        else reject(new Error(`${provider}'s script defined no ${apiGlobals[provider]}`));
      };
      const query = new URLSearchParams({ onload: callback, render: 'explicit' });
      // hCaptcha would also fill reCAPTCHA's field; only its own is read.
      if (provider === 'hcaptcha') query.set('recaptchacompat', 'off');
      script.src = `${captchaScriptUrls[provider]}?${query}`;
      script.async = true;
      script.onerror = () => {
        clearTimeout(timer);
        reject(new Error(`${script.src} could not be loaded`));
      };
      document.head.append(script);
    });
    // A failed load is tried again the next time a form asks (the connection came back).
    api.catch(() => loading.delete(provider));
    loading.set(provider, api);
  }
  return api;
}

/**
 * The service's widget. Until it is answered the form is not sent ("Please complete the
 * captcha."); a failed submit resets it (seed §4). When the script cannot be loaded the form
 * says so here and is still sent: the server refuses it with the service's message, and the
 * visitor's answers stay in the form.
 */
export function CaptchaWidget({ captcha }: { captcha: PublicCaptcha; formId: number }) {
  const provider = captcha.provider as ThirdParty;
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [unanswered, setUnanswered] = useState(false);

  useEffect(() => {
    const place = container.current;
    const form = place?.closest('form');
    if (!place || !form) return;
    let live = true;
    let widget: { api: CaptchaApi; id: string | number } | undefined;
    loadApi(provider).then(
      (api) => {
        if (!live) return;
        const id = api.render(place, {
          sitekey: captcha.siteKey,
          callback: () => setUnanswered(false),
        });
        widget = { api, id };
        setStatus('ready');
      },
      (error: unknown) => {
        console.error(error);
        if (live) setStatus('unavailable');
      },
    );
    const answer = () =>
      form.querySelector<HTMLInputElement | HTMLTextAreaElement>(
        `[name="${captchaResponseFields[provider]}"]`,
      )?.value ?? '';
    const beforeSubmit = (event: Event) => {
      if (!widget || answer() !== '') return;
      event.preventDefault();
      setUnanswered(true);
    };
    const reset = () => widget?.api.reset(widget.id);
    form.addEventListener('qformsBeforeSubmit', beforeSubmit);
    form.addEventListener('qformsCaptchaReset', reset);
    return () => {
      live = false;
      form.removeEventListener('qformsBeforeSubmit', beforeSubmit);
      form.removeEventListener('qformsCaptchaReset', reset);
    };
  }, [provider, captcha.siteKey]);

  return (
    <>
      <div ref={container} className="qforms-captcha-widget" />
      {status === 'unavailable' && (
        <p className="qforms-captcha-note" role="alert">
          {fill(captchaMessages.unavailable, { name: captchaProviderNames[provider] })}
        </p>
      )}
      {unanswered && status === 'ready' && (
        <p className="qforms-error" role="alert">
          {captchaMessages.required}
        </p>
      )}
    </>
  );
}
