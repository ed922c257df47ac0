import type { ReactNode } from 'react';
import { type ImageUse, imageUseHref, type LibraryItem } from '../media-library.ts';
import { mediaMessages as m } from '../media-messages.ts';

type Notice = { kind: 'done' | 'error'; message: string };

type Props = {
  image: LibraryItem;
  uses: ImageUse[];
  usesKey: string;
  preview: string;
  neighbours: { newer: number | undefined; older: number | undefined };
  csrf: string;
  timeZone: string;
  notice?: Notice | undefined;
  /** The description as typed, when it was refused. */
  typedAlt?: string | undefined;
  /** Asked before deleting: an unused image's plain question, or one in use's list. */
  question?: 'delete' | 'in-use' | undefined;
  /** The copy fields of its address and its Markdown: admin islands the page renders. */
  address?: ReactNode;
  markdown?: ReactNode;
};

function NoticeOf({ notice }: { notice: Notice | undefined }) {
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-error" role="alert">
          {notice.message}
        </p>
      )}
    </>
  );
}

function UseList({ uses }: { uses: ImageUse[] }) {
  return (
    <ul className="media-uses">
      {uses.map((use) => (
        <li key={use.kind === 'setting' ? use.name : `${use.kind}-${use.id}`}>
          <a href={imageUseHref(use)}>{m.use(use)}</a>
        </li>
      ))}
    </ul>
  );
}

/** The question asked before a deletion, as a form that carries the answer. */
function DeleteQuestion(props: Props) {
  const { image, uses, usesKey, csrf, question } = props;
  const action = `/admin/media/${image.id}`;
  const inUse = question === 'in-use' && uses.length > 0;
  return (
    <form method="post" action={action} className="admin-confirm" aria-labelledby="delete-question">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="action" value="delete" />
      <input type="hidden" name="confirm" value="yes" />
      {inUse ? (
        <>
          <input type="hidden" name="everywhere" value="yes" />
          <input type="hidden" name="uses" value={usesKey} />
          <p id="delete-question">{m.inUse(image.fileName, uses.length)}</p>
          <UseList uses={uses} />
          <p className="admin-hint">{m.removeEverywhereHint}</p>
        </>
      ) : (
        <p id="delete-question">{m.confirmDelete(image.fileName)}</p>
      )}
      <div className="admin-row-actions">
        <button type="submit" className="admin-button admin-button--danger">
          {inUse ? m.removeEverywhere : m.confirmDeleteButton}
        </button>
        <a className="admin-button" href={action}>
          {m.keep}
        </a>
      </div>
    </form>
  );
}

/**
 * `/admin/media/{id}`: one image at a size that fits, beside its details (file name, type,
 * dimensions, file size, when and by whom it was uploaded), its description to edit, its
 * address to copy and everything that uses it, each linked to where it is changed; then its
 * deletion, asked first. Plain forms: it all works without the admin's script but the copying.
 */
export function MediaImagePage(props: Props) {
  const { image, uses, preview, neighbours, csrf, timeZone, notice, question } = props;
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const alt = props.typedAlt ?? image.alt;
  const altInvalid = props.typedAlt !== undefined;
  return (
    <>
      <NoticeOf notice={notice} />
      {question && <DeleteQuestion {...props} />}
      <div className="media-image">
        <figure className="media-image__preview">
          <img
            src={preview}
            alt={image.alt}
            width={image.width}
            height={image.height}
            decoding="async"
          />
        </figure>
        <div className="media-image__panel">
          <h2 className="visually-hidden">{m.details}</h2>
          <dl className="media-image__facts">
            <dt>{m.fileName}</dt>
            <dd>{image.fileName}</dd>
            <dt>{m.type}</dt>
            <dd>{m.types[image.mime] ?? image.mime}</dd>
            <dt>{m.size}</dt>
            <dd>{m.dimensions(image.width, image.height)}</dd>
            <dt>{m.bytes}</dt>
            <dd>{m.fileSize(image.size)}</dd>
            <dt>{m.uploaded}</dt>
            <dd>
              <time dateTime={new Date(image.createdAt).toISOString()}>
                {m.uploadedBy(when.format(image.createdAt), image.uploadedBy)}
              </time>
            </dd>
          </dl>
          <form method="post" action={`/admin/media/${image.id}`} className="media-image__alt">
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="action" value="alt" />
            <div className="admin-field">
              <label htmlFor="media-alt">{m.alt}</label>
              <textarea
                id="media-alt"
                name="alt"
                rows={3}
                maxLength={300}
                defaultValue={alt}
                aria-invalid={altInvalid ? true : undefined}
                aria-describedby={`media-alt-hint${image.alt === '' ? ' media-alt-missing' : ''}`}
              />
              {image.alt === '' && (
                <p id="media-alt-missing" className="admin-field-error">
                  {m.altMissing}
                </p>
              )}
              <p id="media-alt-hint" className="admin-hint">
                {m.altHint}
              </p>
            </div>
            <button type="submit" className="admin-button admin-button--primary">
              {m.saveAlt}
            </button>
          </form>
          <h2>{m.address}</h2>
          <p className="admin-hint">{m.addressHint}</p>
          {props.address}
          {props.markdown}
          <h2>{m.usedIn}</h2>
          {uses.length === 0 ? <p>{m.usedNowhere}</p> : <UseList uses={uses} />}
          {image.removedAt !== null && (
            <p className="admin-hint">{m.waitsForUse(when.format(image.removedAt))}</p>
          )}
          {!question && (
            <form method="post" action={`/admin/media/${image.id}`} className="admin-apart-action">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="action" value="delete" />
              <button type="submit" className="admin-button admin-button--danger">
                {m.delete}
              </button>
            </form>
          )}
        </div>
      </div>
      <nav className="media-image__nav" aria-label={m.browse}>
        {neighbours.newer !== undefined ? (
          <a href={`/admin/media/${neighbours.newer}`}>{m.newerImage}</a>
        ) : (
          <span />
        )}
        <a href="/admin/media">{m.back}</a>
        {neighbours.older !== undefined ? (
          <a href={`/admin/media/${neighbours.older}`}>{m.olderImage}</a>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}
