import { type ChangeEvent, type ReactNode, useRef } from 'react';

type Props = {
  id?: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  children: ReactNode;
};

/**
 * A button that opens the file picker for images: the file input itself stays hidden (and out
 * of the tab order), so keyboard and screen-reader users meet one control, the button.
 */
export function ImageFileButton({ id, onFiles, multiple = false, children }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again still counts as a choice.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <button id={id} type="button" className="admin-button" onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple={multiple}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={choose}
      />
    </>
  );
}
