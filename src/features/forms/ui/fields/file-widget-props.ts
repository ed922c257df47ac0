import type { RefObject } from 'react';
import type { FieldOfType } from '../../form-definition.ts';
import type { Inner } from '../field-parts.tsx';

/** What a file field's widget gets: the field's props, its file input, and how to report a change. */
export type FileWidgetProps = Inner<FieldOfType<'file-upload' | 'camera' | 'signature'>> & {
  /** The field's own file input, which the form sends (with or without the widget). */
  input: RefObject<HTMLInputElement | null>;
  /** Tells the form the input's files changed (after the widget put files in it). */
  onPicked: () => void;
};

/**
 * Puts files into a file input, as if the visitor had chosen them: a FormData of the form, and
 * a form posted without the island, then carry them.
 */
export function putFiles(input: HTMLInputElement, files: readonly File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}
