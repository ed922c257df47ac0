import { useEffect, useRef, useState } from 'react';
import SignaturePadLibrary from 'signature_pad';
import { moreMessages } from '../../more-messages.ts';
import { type FileWidgetProps, putFiles } from './file-widget-props.ts';
import { widgetMessages } from './widget-messages.ts';

/**
 * A signature drawn with a mouse, pen or finger (signature_pad), sharp on any screen (the
 * canvas is scaled for devicePixelRatio); each stroke puts the drawing into the field's hidden
 * file input as signature.png, and Clear takes it out. Keyboard users type their name instead,
 * in the input below. Locked with its field (seed §4), the pad takes no stroke and Clear is
 * disabled.
 */
export default function SignaturePad({ id, input, onPicked, readOnly }: FileWidgetProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLibrary | undefined>(undefined);
  const [drawn, setDrawn] = useState(false);
  // The form's handler changes with every render; the pad is made once.
  const picked = useRef(onPicked);
  picked.current = onPicked;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePadLibrary(element);
    pad.current = signature;
    const fitToScreen = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const kept = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(kept);
    };
    fitToScreen();
    const stroke = () => {
      element.toBlob((blob) => {
        if (!blob || !input.current) return;
        putFiles(input.current, [new File([blob], 'signature.png', { type: 'image/png' })]);
        setDrawn(true);
        picked.current();
      }, 'image/png');
    };
    signature.addEventListener('endStroke', stroke);
    window.addEventListener('resize', fitToScreen);
    return () => {
      signature.removeEventListener('endStroke', stroke);
      window.removeEventListener('resize', fitToScreen);
      signature.off();
    };
  }, [input]);

  useEffect(() => {
    if (readOnly) pad.current?.off();
    else pad.current?.on();
  }, [readOnly]);

  const clear = () => {
    pad.current?.clear();
    if (input.current) putFiles(input.current, []);
    setDrawn(false);
    onPicked();
  };
  return (
    <div className="qforms-signature">
      <canvas
        ref={canvas}
        id={`${id}-pad`}
        className="qforms-signature-pad"
        role="img"
        aria-label={widgetMessages.signaturePad}
      />
      <button
        type="button"
        className="qforms-signature-clear"
        onClick={clear}
        disabled={!drawn || readOnly}
      >
        {moreMessages.signatureClear}
      </button>
      <span className="qforms-signature-state" aria-live="polite">
        {drawn ? widgetMessages.signatureDrawn : ''}
      </span>
    </div>
  );
}
