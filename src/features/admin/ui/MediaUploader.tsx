import { type DragEvent, useEffect, useRef, useState } from 'react';
import { maxImageBytes, storedImageTypes } from '../../content/media-urls.ts';
import type { LibraryItem } from '../media-library.ts';
import { mediaMessages as m } from '../media-messages.ts';
import { ImageFileButton } from './ImageFileButton.tsx';
import { uploadWithProgress } from './upload-with-progress.ts';

type Upload = {
  key: number;
  name: string;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  /** How much has been sent, 0 to 1. */
  sent: number;
  message?: string;
  id?: number;
};

/** Uploads sent at once: the server resizes with two cores, and the rest wait their turn. */
const atOnce = 2;
const megabytes = maxImageBytes / 1024 / 1024;

/** Why a file is refused before it is sent, with the media pipeline's own limits. */
function refusal(file: File): string | undefined {
  if (!(storedImageTypes as readonly string[]).includes(file.type)) return m.notAnImage;
  if (file.size > maxImageBytes) return m.tooLarge(megabytes);
  return undefined;
}

/**
 * Adds images to the library: several at once, by the button or dropped on the box, each with
 * its progress and, if it fails, why. Two go at a time; a refused file is said at once and
 * never sent. Each image added is handed to `onAdded` as the library shows it.
 */
export function MediaUploader({
  csrf,
  onAdded,
}: {
  csrf: string;
  onAdded: (item: LibraryItem) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const files = useRef(new Map<number, File>());
  const nextKey = useRef(1);

  const change = (key: number, update: Partial<Upload>) =>
    setUploads((list) =>
      list.map((upload) => (upload.key === key ? { ...upload, ...update } : upload)),
    );

  const add = (chosen: File[]) => {
    const added = chosen.map((file): Upload => {
      const key = nextKey.current++;
      const refused = refusal(file);
      if (!refused) files.current.set(key, file);
      return refused
        ? { key, name: file.name, state: 'failed', sent: 0, message: refused }
        : { key, name: file.name, state: 'waiting', sent: 0 };
    });
    setUploads((list) => [...list, ...added]);
  };

  useEffect(() => {
    const sending = uploads.filter((upload) => upload.state === 'sending').length;
    const next = uploads.filter((upload) => upload.state === 'waiting').slice(0, atOnce - sending);
    for (const upload of next) {
      const file = files.current.get(upload.key);
      if (!file) continue;
      files.current.delete(upload.key);
      change(upload.key, { state: 'sending' });
      void uploadWithProgress(
        '/admin/api/media/upload',
        csrf,
        file,
        (sent) => change(upload.key, { sent }),
        m.uploadFailed,
      ).then((reply) => {
        if (!reply.ok) {
          change(upload.key, { state: 'failed', message: reply.message });
          return;
        }
        const item = reply.item as LibraryItem;
        change(upload.key, { state: 'done', sent: 1, id: item.id });
        onAdded(item);
      });
    }
  });

  const finished =
    uploads.length > 0 && uploads.every((u) => u.state === 'done' || u.state === 'failed');
  const addedCount = uploads.filter((upload) => upload.state === 'done').length;
  const failedCount = uploads.filter((upload) => upload.state === 'failed').length;

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    add([...event.dataTransfer.files]);
  };

  return (
    // The whole section takes dropped images; the button is the control for everyone else.
    <section
      className={over ? 'media-upload media-upload--over' : 'media-upload'}
      aria-labelledby="media-upload-heading"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <h2 id="media-upload-heading" className="visually-hidden">
        {m.add}
      </h2>
      <div className="media-upload__box">
        <ImageFileButton id="media-add" multiple onFiles={add} primary>
          {m.add}
        </ImageFileButton>
        <span className="media-upload__drop">{m.dropHere}</span>
        <p className="admin-hint">{m.addHint(megabytes)}</p>
      </div>
      {uploads.length > 0 && (
        <>
          <ul className="media-upload__list" aria-label={m.uploads}>
            {uploads.map((upload) => (
              <li
                key={upload.key}
                className={`media-upload__item media-upload__item--${upload.state}`}
              >
                <span className="media-upload__name">{upload.name}</span>
                {upload.state === 'sending' && (
                  <progress
                    className="media-upload__progress"
                    max={100}
                    value={Math.round(upload.sent * 100)}
                    aria-label={upload.name}
                  />
                )}
                <span className="media-upload__state">
                  {upload.state === 'waiting'
                    ? m.waiting
                    : upload.state === 'sending'
                      ? upload.sent < 1
                        ? m.uploadingPercent(Math.round(upload.sent * 100))
                        : m.storing
                      : upload.state === 'done'
                        ? m.added
                        : upload.message}
                </span>
                {upload.state === 'done' && upload.id !== undefined && (
                  <a href={`/admin/media/${upload.id}`}>{m.describeIt(upload.name)}</a>
                )}
              </li>
            ))}
          </ul>
          {finished && (
            <button type="button" className="admin-link-button" onClick={() => setUploads([])}>
              {m.clearUploads}
            </button>
          )}
        </>
      )}
      <p role="status" className="media-upload__summary">
        {finished ? m.uploadsDone(addedCount, failedCount) : ''}
      </p>
    </section>
  );
}
