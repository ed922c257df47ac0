import { type DragEvent, useEffect, useState } from 'react';
import { fill } from '../../../../platform/fill-message.ts';
import { megabytes } from '../../rules/files.ts';
import { type FileWidgetProps, putFiles } from './file-widget-props.ts';
import { widgetMessages } from './widget-messages.ts';

/**
 * Drag and drop for a file upload field: dropped files join the chosen ones in the field's own
 * input (so the form sends them, by AJAX or as a normal POST), and every chosen file is listed
 * with its size and a button that takes it out again. Locked with its field (seed §4), a drop
 * adds nothing (nor opens the file in the browser's tab) and no file can be taken out.
 */
export default function FileDrop({ field, input, onPicked, readOnly }: FileWidgetProps) {
  const [over, setOver] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const multiple = field.type === 'file-upload' && field.maxFiles > 1;

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const refresh = () => setFiles(Array.from(element.files ?? []));
    refresh();
    element.addEventListener('change', refresh);
    return () => element.removeEventListener('change', refresh);
  }, [input]);

  const change = (next: File[]) => {
    if (!input.current) return;
    putFiles(input.current, next);
    setFiles(next);
    onPicked();
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (readOnly) return;
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length === 0) return;
    change(multiple ? [...files, ...dropped] : dropped.slice(0, 1));
  };
  return (
    <div
      role="group"
      aria-label={widgetMessages.fileDrop}
      aria-disabled={readOnly || undefined}
      className={`qforms-file-drop${over ? ' qforms-file-drop--over' : ''}`}
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(!readOnly);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = readOnly ? 'none' : 'copy';
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="qforms-file-drop-text">
        {over ? widgetMessages.fileDropActive : widgetMessages.fileDrop}
      </p>
      {files.length > 0 && (
        <ul className="qforms-file-list">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>
                {file.name} ({megabytes(file.size)} MB)
              </span>
              <button
                type="button"
                className="qforms-file-remove"
                disabled={readOnly}
                aria-label={fill(widgetMessages.fileRemove, { name: file.name })}
                onClick={() => change(files.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
