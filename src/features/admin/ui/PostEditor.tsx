// Over 500 lines on purpose: the editor island's parts share one draft, its revision and the
// edit-conflict state; what stands alone is already apart (markdown-editor, toast, settings-save).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Dialog, Heading, Modal } from 'react-aria-components';
import { toZonedInputs } from '../../../platform/time-zone.ts';
import { trashKeepDays } from '../../content/post-actions.ts';
import { editorMessages } from '../messages.ts';
import { type EditorPost, type PostEditorValues, postFromEditor } from '../post-editor.ts';
import { callAdmin, type UploadedImage, uploadImage as upload } from './admin-call.ts';
import { ImageFileButton } from './ImageFileButton.tsx';
import { MarkdownEditor, type MarkdownEditorHandle } from './MarkdownEditor.tsx';
import { TextField } from './TextField.tsx';
import { showToast } from './toast.ts';

type Props = {
  csrf: string;
  type: 'post' | 'page';
  /** Null for a new one. */
  post: EditorPost | null;
  /** The site's time zone: the schedule's date and time are in it. */
  timeZone: string;
  /** What the schedule fields hold until the owner picks: tomorrow at 09:00, in that zone. */
  defaultSchedule: { date: string; time: string };
  /** The text's preview as the server rendered the page with it. */
  preview: string;
};

function valuesOf(
  type: 'post' | 'page',
  post: EditorPost | null,
  timeZone: string,
  schedule: { date: string; time: string },
): PostEditorValues {
  const scheduled =
    post?.state === 'scheduled' && post.publishedAt !== null
      ? toZonedInputs(post.publishedAt, timeZone)
      : schedule;
  return {
    type,
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    body: post?.body ?? '',
    excerpt: post?.excerpt ?? '',
    tags: post?.tags.join(', ') ?? '',
    coverMediaId: post?.cover?.id ?? null,
    coverAlt: post?.cover?.alt ?? '',
    seoTitle: post?.seoTitle ?? '',
    seoDescription: post?.seoDescription ?? '',
    publish:
      post === null || post.state === 'draft'
        ? 'draft'
        : post.state === 'scheduled'
          ? 'schedule'
          : 'publish',
    date: scheduled.date,
    time: scheduled.time,
  };
}

/** Markdown's image alt text keeps its brackets and backslashes as text. */
const altText = (alt: string) => alt.replace(/[\\[\]]/g, (char) => `\\${char}`);

/**
 * The post and page editor: title, Markdown with a live preview rendered by the site's own
 * pipeline, the publishing choice (draft, now, or a date and time in the site's zone), the
 * address, tags, excerpt, cover image and what search engines show. Images come by button,
 * drop or paste; the browser warns before leaving with changes that are not saved.
 */
export default function PostEditor({
  csrf,
  type,
  post,
  timeZone,
  defaultSchedule,
  preview: firstPreview,
}: Props) {
  const [values, setValues] = useState(() => valuesOf(type, post, timeZone, defaultSchedule));
  const [saved, setSaved] = useState(() => JSON.stringify(values));
  const [id, setId] = useState(post?.id ?? null);
  const [state, setState] = useState(post?.state ?? null);
  const [publishedAt, setPublishedAt] = useState(post?.publishedAt ?? null);
  const [savedSlug, setSavedSlug] = useState(post?.slug ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string | undefined>(firstPreview);
  /** The text the preview shows; the server rendered the first one. */
  const previewed = useRef(post?.body ?? '');
  const [previewProblem, setPreviewProblem] = useState(false);
  const [cover, setCover] = useState(post?.cover ?? null);
  const [uploading, setUploading] = useState<string | undefined>();
  const [pendingImage, setPendingImage] = useState<UploadedImage | undefined>();
  const [pendingAlt, setPendingAlt] = useState('');
  const [confirmTrash, setConfirmTrash] = useState(false);
  /** The revision this editor's text was made from; a newer one saved elsewhere is a conflict. */
  const [revision, setRevision] = useState(post?.revision);
  const [conflict, setConflict] = useState<{ message: string; revision: number } | undefined>();
  const conflictBox = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const editor = useRef<MarkdownEditorHandle>(null);
  const dirty = JSON.stringify(values) !== saved;
  const kind = type === 'post' ? 'posts' : 'pages';

  const set = (name: keyof PostEditorValues, value: string | number | null) =>
    setValues((current) => ({ ...current, [name]: value }));

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the warning only when a value is returned.
      event.returnValue = editorMessages.unsaved;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The preview follows the text after a pause in typing; an older answer never overwrites a newer.
  useEffect(() => {
    if (values.body === previewed.current) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch('/admin/api/preview', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ body: values.body }),
          signal: controller.signal,
        });
        const reply = (await response.json()) as { ok: boolean; html?: string };
        if (!reply.ok || reply.html === undefined) throw new Error('refused');
        previewed.current = values.body;
        setPreview(reply.html);
        setPreviewProblem(false);
      } catch {
        if (!controller.signal.aborted) setPreviewProblem(true);
      }
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [values.body, csrf]);

  const addImages = async (files: File[]) => {
    for (const file of files) {
      if (!file.type.startsWith('image/')) {
        showToast(editorMessages.uploadNotImage, 'error');
        continue;
      }
      setUploading(file.name);
      const result = await upload(file, csrf);
      setUploading(undefined);
      if (!result.ok) {
        showToast(result.message, 'error');
        continue;
      }
      showToast(editorMessages.uploaded(result.image.fileName));
      setPendingAlt('');
      setPendingImage(result.image);
      return; // One description at a time; the next image can be added after it.
    }
  };

  const insertPendingImage = () => {
    if (!pendingImage) return;
    editor.current?.insertBlock(`![${altText(pendingAlt.trim())}](${pendingImage.path})`);
    setPendingImage(undefined);
  };

  const chooseCover = async (file: File | undefined) => {
    if (!file) return;
    setUploading(file.name);
    const result = await upload(file, csrf, values.coverAlt);
    setUploading(undefined);
    if (!result.ok) {
      showToast(result.message, 'error');
      return;
    }
    setCover({ id: result.image.id, fileName: result.image.fileName, alt: values.coverAlt });
    set('coverMediaId', result.image.id);
    showToast(editorMessages.uploaded(result.image.fileName));
    document.getElementById('post-cover-alt')?.focus();
  };

  useEffect(() => {
    if (conflict) conflictBox.current?.focus();
  }, [conflict]);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void saveFrom(revision);
  };

  /** Saves over the newer version the conflict named: its revision becomes this save's base. */
  const saveAnyway = () => {
    if (conflict) void saveFrom(conflict.revision);
  };

  const reload = () => {
    leaving.current = true;
    window.location.reload();
  };

  const saveFrom = async (baseRevision: number | undefined) => {
    if (saving) return;
    const checked = postFromEditor(values, { timeZone, publishedAt, now: Date.now() });
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      showToast(editorMessages.invalid, 'error');
      focusFirstError(checked.fieldErrors);
      return;
    }
    setErrors({});
    setSaving(true);
    const reply = await callAdmin(
      '/admin/api/posts/save',
      csrf,
      { id, values, revision: baseRevision },
      editorMessages.failed,
    );
    setSaving(false);
    const newer = reply.conflict as { revision: number } | undefined;
    setConflict(newer && { message: reply.message, revision: newer.revision });
    if (newer) return;
    if (!reply.ok) {
      setErrors(reply.fieldErrors ?? {});
      showToast(reply.message, 'error');
      if (reply.fieldErrors) focusFirstError(reply.fieldErrors);
      return;
    }
    const stored = reply.post as EditorPost;
    const next = valuesOf(type, stored, timeZone, { date: values.date, time: values.time });
    setValues(next);
    setSaved(JSON.stringify(next));
    setId(stored.id);
    setRevision(stored.revision);
    setState(stored.state);
    setPublishedAt(stored.publishedAt);
    setSavedSlug(stored.slug);
    setCover(stored.cover);
    if (id === null) {
      // The screen is this post's now: its address, and the heading the server gives it.
      window.history.replaceState(null, '', `/admin/${kind}/${stored.id}`);
      const heading = type === 'post' ? editorMessages.editPost : editorMessages.editPage;
      const h1 = document.querySelector('#admin-main > h1');
      if (h1) h1.textContent = heading;
      document.title = document.title.replace(/^[^·]*·/, `${heading} ·`);
    }
    showToast(reply.message);
  };

  /** Moves the saved version to the Trash and goes to the list, which offers Undo. */
  const moveToTrash = async () => {
    const reply = await callAdmin(
      '/admin/api/posts/trash',
      csrf,
      { id, revision },
      editorMessages.trashFailed,
    );
    setConfirmTrash(false);
    if (!reply.ok) {
      showToast(reply.message, 'error');
      return;
    }
    leaving.current = true;
    window.location.assign(String(reply.list));
  };

  const saveLabel =
    values.publish === 'draft'
      ? editorMessages.saveDraft
      : values.publish === 'schedule'
        ? editorMessages.schedule
        : state === 'published'
          ? editorMessages.update
          : editorMessages.publish;
  const publishedWhen =
    publishedAt === null ? '' : Object.values(toZonedInputs(publishedAt, timeZone)).join(' ');

  return (
    <form className="admin-form admin-editor" noValidate onSubmit={save}>
      {conflict && (
        <div className="admin-conflict" role="alert" tabIndex={-1} ref={conflictBox}>
          <p>{conflict.message}</p>
          <div className="admin-form__actions">
            <button type="button" className="admin-button" onClick={reload}>
              {editorMessages.reload}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              onClick={saveAnyway}
            >
              {editorMessages.saveAnyway}
            </button>
          </div>
        </div>
      )}
      <div className="admin-editor__main">
        <TextField
          id="post-title"
          label={editorMessages.title}
          error={errors.title}
          value={values.title}
          onChange={(text) => set('title', text)}
          maxLength={200}
          className="admin-editor__title"
        />
        <div className="admin-editor__panes">
          <div className="admin-field admin-editor__write">
            <div className="admin-editor__toolbar">
              <label id="post-body-label" htmlFor="post-body">
                {editorMessages.text}
              </label>
              <ImageFileButton multiple onFiles={(files) => void addImages(files)}>
                {editorMessages.addImage}
              </ImageFileButton>
            </div>
            <MarkdownEditor
              ref={editor}
              id="post-body"
              value={values.body}
              onChange={(text) => set('body', text)}
              onImageFiles={(files) => void addImages(files)}
              describedBy={`post-body-hint${errors.body ? ' post-body-error' : ''}`}
              invalid={Boolean(errors.body)}
              placeholderText={editorMessages.placeholder}
            />
            <p id="post-body-hint" className="admin-hint">
              {editorMessages.markdownHint}
            </p>
            {errors.body && (
              <p id="post-body-error" className="admin-field-error">
                {errors.body}
              </p>
            )}
            <p className="admin-hint" aria-live="polite">
              {uploading ? editorMessages.uploading(uploading) : ''}
            </p>
          </div>
          <section className="admin-editor__preview" aria-labelledby="post-preview-heading">
            <h2 id="post-preview-heading">{editorMessages.preview}</h2>
            {previewProblem && <p className="admin-warning">{editorMessages.previewFailed}</p>}
            {preview === undefined || preview === '' ? (
              <p className="admin-hint">{editorMessages.previewEmpty}</p>
            ) : (
              // Rendered and sanitised by the server, as the site renders the post.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
              <div className="admin-preview" dangerouslySetInnerHTML={{ __html: preview }} />
            )}
          </section>
        </div>
      </div>
      <div className="admin-editor__side">
        <fieldset className="admin-editor__box">
          <legend>{editorMessages.publishing}</legend>
          <p className="admin-editor__state">
            {state === null
              ? editorMessages.notSavedYet
              : state === 'draft'
                ? editorMessages.stateDraft
                : state === 'scheduled'
                  ? editorMessages.stateScheduled(publishedWhen, timeZone)
                  : editorMessages.statePublished(publishedWhen, timeZone)}
            {state === 'published' && (
              <>
                {' '}
                <a href={`/${savedSlug}/`}>{editorMessages.viewOnSite}</a>
              </>
            )}
          </p>
          {(['draft', 'publish', 'schedule'] as const).map((choice) => (
            <div className="admin-check" key={choice}>
              <input
                type="radio"
                id={`post-publish-${choice}`}
                name="publish"
                value={choice}
                checked={values.publish === choice}
                onChange={() => set('publish', choice)}
              />
              <label htmlFor={`post-publish-${choice}`}>
                {choice === 'draft'
                  ? editorMessages.choiceDraft
                  : choice === 'schedule'
                    ? editorMessages.choiceSchedule
                    : state === 'published'
                      ? editorMessages.choicePublished
                      : editorMessages.choicePublishNow}
              </label>
            </div>
          ))}
          {values.publish === 'schedule' && (
            <div className="admin-editor__when">
              <TextField
                id="post-date"
                label={editorMessages.date}
                error={errors.date}
                value={values.date}
                onChange={(text) => set('date', text)}
                type="date"
                alsoDescribedBy="post-when-hint"
              />
              <TextField
                id="post-time"
                label={editorMessages.time}
                error={errors.time}
                value={values.time}
                onChange={(text) => set('time', text)}
                type="time"
                alsoDescribedBy="post-when-hint"
              />
              <p id="post-when-hint" className="admin-hint">
                {editorMessages.whenHint(timeZone)}
              </p>
            </div>
          )}
          <div className="admin-form__actions">
            <button
              type="submit"
              className="admin-button admin-button--primary"
              aria-disabled={saving}
            >
              {saving ? editorMessages.saving : saveLabel}
            </button>
            {dirty && <span className="admin-hint">{editorMessages.unsaved}</span>}
          </div>
        </fieldset>
        <TextField
          id="post-slug"
          label={editorMessages.address}
          hint={editorMessages.addressHint(type, values.slug || savedSlug || '…', savedSlug !== '')}
          error={errors.slug}
          value={values.slug}
          onChange={(text) => set('slug', text)}
          maxLength={80}
          spellCheck={false}
        />
        {type === 'post' && (
          <TextField
            id="post-tags"
            label={editorMessages.tags}
            hint={editorMessages.tagsHint}
            error={errors.tags}
            value={values.tags}
            onChange={(text) => set('tags', text)}
          />
        )}
        <TextField
          id="post-excerpt"
          label={editorMessages.excerpt}
          hint={editorMessages.excerptHint}
          error={errors.excerpt}
          value={values.excerpt}
          onChange={(text) => set('excerpt', text)}
          rows={3}
        />
        <fieldset className="admin-editor__box">
          <legend>{editorMessages.cover}</legend>
          {cover && values.coverMediaId !== null ? (
            <img
              className="admin-editor__cover"
              src={`/media/${cover.id}/320/${encodeURIComponent(cover.fileName)}`}
              alt=""
            />
          ) : (
            <p className="admin-hint">{editorMessages.noCover}</p>
          )}
          <TextField
            id="post-cover-alt"
            label={editorMessages.coverAlt}
            hint={editorMessages.coverAltHint}
            error={errors.coverAlt}
            value={values.coverAlt}
            onChange={(text) => set('coverAlt', text)}
            maxLength={300}
          />
          <div className="admin-form__actions">
            <ImageFileButton onFiles={([file]) => void chooseCover(file)}>
              {values.coverMediaId === null
                ? editorMessages.uploadCover
                : editorMessages.replaceCover}
            </ImageFileButton>
            {values.coverMediaId !== null && (
              <button
                type="button"
                className="admin-button"
                onClick={() => set('coverMediaId', null)}
              >
                {editorMessages.removeCover}
              </button>
            )}
          </div>
        </fieldset>
        <fieldset className="admin-editor__box">
          <legend>{editorMessages.seo}</legend>
          <TextField
            id="post-seo-title"
            label={editorMessages.seoTitle}
            hint={editorMessages.seoTitleHint}
            error={errors.seoTitle}
            value={values.seoTitle}
            onChange={(text) => set('seoTitle', text)}
            maxLength={120}
          />
          <TextField
            id="post-seo-description"
            label={editorMessages.seoDescription}
            hint={editorMessages.seoDescriptionHint}
            error={errors.seoDescription}
            value={values.seoDescription}
            onChange={(text) => set('seoDescription', text)}
            rows={3}
          />
        </fieldset>
        {id !== null && (
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() => (dirty ? setConfirmTrash(true) : void moveToTrash())}
          >
            {editorMessages.moveToTrash}
          </button>
        )}
      </div>
      <Modal
        isOpen={confirmTrash}
        onOpenChange={setConfirmTrash}
        isDismissable
        className="admin-modal"
      >
        <Dialog role="alertdialog" className="admin-dialog">
          <Heading slot="title">
            {editorMessages.trashTitle((JSON.parse(saved) as PostEditorValues).title)}
          </Heading>
          <p>{editorMessages.trashUnsaved(trashKeepDays)}</p>
          <div className="admin-form__actions">
            <Button className="admin-button" onPress={() => setConfirmTrash(false)} autoFocus>
              {editorMessages.cancel}
            </Button>
            <Button
              className="admin-button admin-button--danger"
              onPress={() => void moveToTrash()}
            >
              {editorMessages.moveToTrash}
            </Button>
          </div>
        </Dialog>
      </Modal>
      <Modal
        isOpen={pendingImage !== undefined}
        onOpenChange={(open) => {
          if (!open) setPendingImage(undefined);
        }}
        isDismissable
        className="admin-modal"
      >
        <Dialog className="admin-dialog">
          <Heading slot="title">{editorMessages.describeImage}</Heading>
          {pendingImage && (
            <img className="admin-dialog__image" src={pendingImage.thumbnail} alt="" />
          )}
          <div className="admin-field">
            <label htmlFor="image-alt">{editorMessages.imageAlt}</label>
            <input
              id="image-alt"
              type="text"
              maxLength={300}
              value={pendingAlt}
              autoFocus
              aria-describedby="image-alt-hint"
              onChange={(event) => setPendingAlt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  insertPendingImage();
                }
              }}
            />
            <p id="image-alt-hint" className="admin-hint">
              {editorMessages.imageAltHint}
            </p>
          </div>
          <div className="admin-form__actions">
            <Button className="admin-button admin-button--primary" onPress={insertPendingImage}>
              {editorMessages.addToText}
            </Button>
            <Button className="admin-button" onPress={() => setPendingImage(undefined)}>
              {editorMessages.cancel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </form>
  );
}

function focusFirstError(errors: Record<string, string>) {
  const order = [
    'title',
    'body',
    'date',
    'time',
    'slug',
    'tags',
    'excerpt',
    'coverAlt',
    'seoTitle',
    'seoDescription',
  ];
  const ids: Record<string, string> = {
    coverAlt: 'post-cover-alt',
    seoTitle: 'post-seo-title',
    seoDescription: 'post-seo-description',
  };
  const first = order.find((name) => errors[name]);
  if (first) document.getElementById(ids[first] ?? `post-${first}`)?.focus();
}
