import type { FieldOfType, FormDefinition, FormField } from './form-definition.ts';

export type FormPage = {
  /** 1-based, as in the `qforms-page-{n}` marker. */
  number: number;
  title: string;
  fields: FormField[];
  /** The page break that starts this page (its Previous text), absent on page 1. */
  startsWith?: FieldOfType<'pagebreak'> | undefined;
  /** The page break that ends it (its Next text), absent on the last page. */
  endsWith?: FieldOfType<'pagebreak'> | undefined;
};

/** Splits the fields at page breaks; a form without page breaks is one page. */
export function formPages(definition: FormDefinition): FormPage[] {
  const pages: FormPage[] = [{ number: 1, title: definition.settings.firstPageTitle, fields: [] }];
  for (const field of definition.fields) {
    const current = pages[pages.length - 1] as FormPage;
    if (field.type === 'pagebreak') {
      current.endsWith = field;
      pages.push({ number: pages.length + 1, title: field.title, fields: [], startsWith: field });
    } else {
      current.fields.push(field);
    }
  }
  return pages;
}

/** The page a field is on (1-based). */
export function pageOfField(pages: readonly FormPage[], fieldId: number): number {
  return pages.find((p) => p.fields.some((f) => f.id === fieldId))?.number ?? 1;
}

/**
 * The page Next or Prev leads to, skipping pages whose fields are all hidden by conditions
 * (a page with no input fields at all still counts: it may hold text to read).
 */
export function nextShownPage(
  pages: readonly FormPage[],
  from: number,
  direction: 1 | -1,
  visible: ReadonlySet<number>,
): number {
  for (let n = from + direction; n >= 1 && n <= pages.length; n += direction) {
    const page = pages[n - 1] as FormPage;
    if (page.fields.length === 0 || page.fields.some((f) => visible.has(f.id))) return n;
  }
  return from;
}
