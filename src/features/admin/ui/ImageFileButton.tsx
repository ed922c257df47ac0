import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { storedImageTypes } from '../../content/media-urls.ts';

type Props = {
  id?: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  /** The screen's main action (the library's "Add images"). */
  primary?: boolean;
  children: ReactNode;
};

/**
 * A button that opens the file picker for images: the file input itself stays hidden (and out
 * of the tab order), so keyboard and screen-reader users meet one control, the button.
 */
export function ImageFileButton({
  id,
  onFiles,
  multiple = false,
  primary = false,
  children,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again still counts as a choice.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <button
        id={id}
        type="button"
        className={primary ? 'admin-button admin-button--primary' : 'admin-button'}
        onClick={() => input.current?.click()}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={storedImageTypes.join(',')}
        multiple={multiple}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={choose}
      />
    </>
  );
}
