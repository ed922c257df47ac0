import { type SyntheticEvent, useRef } from 'react';
import { fill } from '../../../../platform/fill-message.ts';
import { errorKey } from '../../field-rules.ts';
import { asPart, fieldName } from '../../field-values.ts';
import type { FieldOfType } from '../../form-definition.ts';
import { moreMessages } from '../../more-messages.ts';
import { ErrorText, errorId, type Inner, inputId, Label } from '../field-parts.tsx';
import type { FieldWidget } from '../field-widgets.ts';
import { useLazyModule } from '../use-lazy-module.ts';
import type { FileWidgetProps } from './file-widget-props.ts';

export type FileFieldType = 'file-upload' | 'camera' | 'signature';

/** Each type's enhanced widget, loaded once its page is shown (decision 0038). */
const enhancers = {
  'file-upload': () => import('./FileDrop.tsx'),
  camera: () => import('./CameraCapture.tsx'),
  signature: () => import('./SignaturePad.tsx'),
} satisfies Record<FileFieldType, () => Promise<{ default: (p: FileWidgetProps) => unknown }>>;

/**
 * A file upload, camera or signature field. The page carries what works without JavaScript —
 * a file input (`qforms[fields][7][]`), a camera input that opens a phone's camera, a typed
 * name for a signature — and the island adds the widget (drag and drop, the camera's preview,
 * the drawing pad) around that same input once the field's page is shown.
 */
export function FileField(props: Inner<FieldOfType<FileFieldType>>) {
  const { field, id, error, readOnly, value } = props;
  const input = useRef<HTMLInputElement>(null);
  const widget = useLazyModule(enhancers[field.type], props.active && !readOnly);
  const Widget = widget?.default as ((p: FileWidgetProps) => React.ReactNode) | undefined;
  const report = () => {
    const files = input.current?.files;
    props.onFiles?.(
      field,
      Array.from(files ?? [], (file) => ({ name: file.name, size: file.size })),
    );
  };
  const described = [
    field.description || (props.uploadLimitMb && field.type !== 'signature')
      ? `${id}-description`
      : '',
    error ? errorId(id) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const typedId = inputId(props.idPrefix, field.id, 'typed');
  const typedError = props.errors[errorKey(field.id, 'typed')];
  return (
    <>
      <Label field={field} htmlFor={field.type === 'signature' ? typedId : id} />
      {Widget && <Widget {...props} input={input} onPicked={report} />}
      <input
        ref={input}
        id={id}
        type="file"
        name={`${fieldName(field.id)}[]`}
        className="qforms-file-input"
        multiple={field.type === 'file-upload' && field.maxFiles > 1}
        accept={
          field.type === 'file-upload'
            ? field.extensions.map((e) => `.${e}`).join(',')
            : field.type === 'camera'
              ? 'image/*'
              : 'image/png'
        }
        capture={field.type === 'camera' ? 'environment' : undefined}
        // A signature's drawing is put here by its pad; without one the typed name stands in.
        hidden={field.type === 'signature'}
        // Locked (seed §4), it opens no chooser and takes no drop, yet stays enabled: a disabled
        // input would leave out of the submission what was chosen, taken or drawn before.
        aria-disabled={readOnly || undefined}
        onClick={readOnly ? refuse : undefined}
        onDragOver={readOnly ? refuse : undefined}
        onDrop={readOnly ? refuse : undefined}
        required={props.nativeRequired && field.type !== 'signature'}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        onChange={report}
      />
      {field.type === 'signature' && (
        <div className="qforms-signature-typed">
          <label htmlFor={typedId} className="qforms-field-sublabel">
            {field.typedLabel || moreMessages.signatureTyped}
          </label>
          <input
            id={typedId}
            type="text"
            name={fieldName(field.id, 'typed')}
            autoComplete="name"
            value={asPart(value, 'typed')}
            readOnly={readOnly}
            aria-describedby={[error ? errorId(id) : '', typedError ? errorId(typedId) : '']
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => props.onChange(field, { typed: e.currentTarget.value }, 'typed')}
            onBlur={() => props.onBlur(field, 'typed')}
          />
          <ErrorText id={typedId} message={typedError} />
        </div>
      )}
      {described.includes('-description') && (
        <div id={`${id}-description`} className="qforms-field-description">
          {field.description}
          {field.description && props.uploadLimitMb ? ' ' : ''}
          {props.uploadLimitMb && field.type !== 'signature'
            ? fill(moreMessages.uploadLimitHint, { maxSize: props.uploadLimitMb })
            : ''}
        </div>
      )}
      <ErrorText id={id} message={error} />
    </>
  );
}

const refuse = (event: SyntheticEvent) => event.preventDefault();

/** The file fields' views, a chunk that only forms with file, camera or signature fields load. */
export const widgets: Record<string, FieldWidget> = {
  'file-upload': (props) => <FileField {...props} />,
  camera: (props) => <FileField {...props} />,
  signature: (props) => <FileField {...props} />,
};

export { uploadTotalError } from '../../rules/files.ts';
