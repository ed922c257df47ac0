import type { FieldOfType } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import type { PublicCaptcha } from '../public-form.ts';
import { Description, inputId, Label } from './field-parts.tsx';
import { useLazyModule } from './use-lazy-module.ts';

const loadAltcha = () => import('./fields/CaptchaAltcha.tsx');
const loadThirdParty = () => import('./fields/CaptchaThirdParty.tsx');

/**
 * The form's captcha, in the last page's submit area (seed §2.9). Its widget is code of its own,
 * loaded once the last page is shown: ALTCHA's, or the loader of a third party's script. Without
 * JavaScript no captcha can be answered, and the page says so (the server refuses the form).
 */
export function CaptchaField({
  field,
  captcha,
  formId,
  idPrefix,
  active,
}: {
  field: FieldOfType<'captcha'>;
  captcha: PublicCaptcha;
  formId: number;
  idPrefix: string;
  /** The last page is shown and the island has hydrated. */
  active: boolean;
}) {
  const widget = useLazyModule(captcha.provider === 'altcha' ? loadAltcha : loadThirdParty, active);
  const id = inputId(idPrefix, field.id);
  return (
    <div
      className={`qforms-field qforms-field-captcha ${field.cssClass}`.trim()}
      id={`${id}-container`}
      data-field-id={field.id}
      data-field-type="captcha"
    >
      <Label field={field} />
      <Description field={field} id={id} />
      {widget ? (
        <widget.CaptchaWidget captcha={captcha} formId={formId} />
      ) : (
        <noscript>
          <p className="qforms-captcha-note">{formMessages.captchaNeedsScript}</p>
        </noscript>
      )}
    </div>
  );
}
