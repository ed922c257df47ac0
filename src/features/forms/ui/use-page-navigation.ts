import { type KeyboardEvent, type RefObject, useState } from 'react';
import type { FieldErrors } from '../field-rules.ts';
import { type FormPage, nextShownPage } from '../form-pages.ts';
import { firstErrorPage } from './shown-errors.ts';
import type { useFieldChecks } from './use-field-checks.ts';
import type { useScrollAfterRender } from './use-scroll-after-render.ts';

/**
 * The page shown of a paged form: Next checks the page first, Next and Previous skip pages
 * whose fields conditions all hide, and Enter in a text input goes on (or sends the form
 * from its last page). A form posted back with errors opens on the first page with one.
 */
export function usePageNavigation(
  pages: readonly FormPage[],
  postedErrors: FieldErrors | undefined,
  checks: ReturnType<typeof useFieldChecks>,
  scroll: ReturnType<typeof useScrollAfterRender>,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [page, setPage] = useState(() => firstErrorPage(pages, postedErrors ?? {}) ?? 1);

  const showPage = (number: number) => {
    setPage(number);
    scroll.scrollAfterRender('.qforms-page--current');
  };

  const goNext = async () => {
    if (!(await checks.checkPages([page]))) return scroll.scrollToFirstError();
    showPage(nextShownPage(pages, page, 1, checks.visibleNow()));
  };

  const goPrevious = () => showPage(nextShownPage(pages, page, -1, checks.visibleNow()));

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement)) return;
    if (['submit', 'button', 'checkbox', 'radio'].includes(target.type)) return;
    event.preventDefault();
    if (nextShownPage(pages, page, 1, checks.visible) !== page) void goNext();
    else formRef.current?.requestSubmit();
  };

  return { page, setPage, goNext, goPrevious, onKeyDown };
}
