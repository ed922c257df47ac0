import type { ReactNode } from 'react';
import type { CurrencyFormat } from '../../payments/currency.ts';
import type { OrderSummary } from '../../payments/order-pricing.ts';
import type { Inner } from './field-parts.tsx';

/**
 * The views of field types that not every form has (payments, dates, files…), kept out of
 * the form island's own chunk so a contact form loads none of their code. Each group is a
 * chunk of its own; the island loads the groups a page's forms use before it hydrates (the
 * server renders them all), so what the server rendered and what hydrates are the same.
 */
// biome-ignore lint/suspicious/noExplicitAny: each widget takes the props of its own field type
export type FieldWidget = (props: Inner<any>) => ReactNode;

export type WidgetGroup = {
  widgets: Record<string, FieldWidget>;
  /** The upload limit's check (seed §4, §5), which forms with file fields run as files are chosen. */
  uploadTotalError?: (sizes: readonly number[], limitMb: number) => string | undefined;
  OrderSummaryTable?: (props: {
    summary: OrderSummary;
    currency: CurrencyFormat;
    caption: string;
  }) => ReactNode;
};

export const loadedWidgets: WidgetGroup = { widgets: {} };

const groups: Record<string, () => Promise<WidgetGroup>> = {
  payment: () => import('./PaymentFields.tsx'),
  more: () => import('./fields/MoreFields.tsx'),
  files: () => import('./fields/FileField.tsx'),
};

/** The group a field type's view is in; the island's own types have none. */
export function widgetGroupOf(type: string): keyof typeof groups | undefined {
  if (type.startsWith('payment-')) return 'payment';
  if (type === 'file-upload' || type === 'camera' || type === 'signature') return 'files';
  return coreTypes.includes(type) ? undefined : 'more';
}

const coreTypes: readonly string[] = [
  'text',
  'textarea',
  'name',
  'email',
  'url',
  'number',
  'number-slider',
  'hidden',
  'checkbox',
  'radio',
  'select',
  'gdpr-checkbox',
  'content',
  'divider',
  'html',
  'pagebreak',
  // Drawn by the island in the last page's submit area, its widget loaded on its own.
  'captcha',
];

/** Loads the groups of these field types (all of them on the server). */
export async function loadWidgetGroups(types: Iterable<string>): Promise<void> {
  const wanted = new Set<string>();
  for (const type of types) {
    const group = widgetGroupOf(type);
    if (group) wanted.add(group);
  }
  const modules = await Promise.all([...wanted].map((name) => groups[name]!()));
  for (const module of modules) {
    Object.assign(loadedWidgets.widgets, module.widgets);
    loadedWidgets.OrderSummaryTable ??= module.OrderSummaryTable;
    loadedWidgets.uploadTotalError ??= module.uploadTotalError;
  }
}

/** The field types of the forms a page shows, read from the server's markup. */
export const fieldTypesInPage = (): string[] =>
  Array.from(
    document.querySelectorAll<HTMLElement>('.qforms-form [data-field-type]'),
    (element) => element.dataset.fieldType ?? '',
  );

/** Every group, as the server needs them to render any form. */
export const loadAllWidgetGroups = () => loadWidgetGroups(['payment-single', 'date', 'camera']);

/** Types whose inputs sit in a fieldset with the label as its legend. */
const groupedTypes: readonly string[] = [
  'payment-multiple',
  'payment-checkbox',
  'payment-credit-card',
  'address',
  'phone',
  'rating',
  'net-promoter-score',
  'likert-scale',
  'repeater',
  'signature',
];

export const isGroupedWidget = (field: { type: string; confirmation?: boolean }) =>
  groupedTypes.includes(field.type) || (field.type === 'password' && field.confirmation === true);
