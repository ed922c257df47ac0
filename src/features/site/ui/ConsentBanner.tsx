import { type ConsentChoice, consentBannerId } from '../../stats/visitor-consent.ts';
import { serverSiteMessages } from '../messages.ts';

const titleId = `${consentBannerId}-title`;

function ChoiceButton({ choice, label }: { choice: ConsentChoice; label: string }) {
  return (
    <button
      type="button"
      className={`consent-banner__button consent-banner__button--${choice}`}
      value={choice}
      popoverTarget={consentBannerId}
      popoverTargetAction="hide"
    >
      {label}
    </button>
  );
}

/**
 * The consent banner (decision 0018): asks whether the site may keep the visitor cookie
 * `_qvid`. A popover, closed as rendered, so that a visitor without JavaScript (who stores
 * nothing) never sees it; the beacon opens it until the visitor answers and stores the answer
 * (each button's value) in `quire_consent`; the footer's "Privacy choices" button opens it
 * again. Not modal: the page stays usable and focus is never held. Escape or a click elsewhere
 * puts it away for this page without an answer; focus then returns to where it came from.
 */
export function ConsentBanner() {
  return (
    <section
      id={consentBannerId}
      className="consent-banner"
      popover="auto"
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="consent-banner__title">
        {serverSiteMessages.consentTitle}
      </h2>
      <p className="consent-banner__text">{serverSiteMessages.consentText}</p>
      <div className="consent-banner__actions">
        <ChoiceButton choice="granted" label={serverSiteMessages.consentAccept} />
        <ChoiceButton choice="denied" label={serverSiteMessages.consentDecline} />
      </div>
    </section>
  );
}
