import { useState } from 'react';
import { editorMessages, settingsScreenMessages as m } from '../messages.ts';
import { uploadImage } from './admin-call.ts';
import { ImageFileButton } from './ImageFileButton.tsx';

type Props = {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  value: number | null;
  csrf: string;
  onChange: (id: number | null) => void;
};

/**
 * A setting that is an image (the logo): what is chosen now, a button to upload another
 * through the media pipeline, and one to go without. Saved with the rest of its tab.
 */
export function ImageSetting({ id, label, hint, error, value, csrf, onChange }: Props) {
  const [status, setStatus] = useState('');
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setStatus(editorMessages.uploading(file.name));
    const result = await uploadImage(file, csrf);
    if (!result.ok) {
      setStatus(result.message);
      return;
    }
    setStatus('');
    onChange(result.image.id);
  };
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="admin-image-setting" aria-describedby={described}>
      <legend>{label}</legend>
      {value === null ? (
        <p className="admin-hint">{m.noImage}</p>
      ) : (
        <img className="admin-image-setting__preview" src={`/media/${value}/320/image`} alt="" />
      )}
      <div className="admin-form__actions">
        <ImageFileButton id={id} onFiles={([file]) => void choose(file)}>
          {value === null ? m.uploadImage(label) : m.replaceImage(label)}
        </ImageFileButton>
        {value !== null && (
          <button type="button" className="admin-button" onClick={() => onChange(null)}>
            {m.removeImage}
          </button>
        )}
      </div>
      <p className="admin-hint" aria-live="polite">
        {status}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
