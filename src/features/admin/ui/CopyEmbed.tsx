import { builderMessages as m } from '../form-builder-messages.ts';
import CopyField from './CopyField.tsx';

type Props = {
  /** What the owner pastes into a post: `[form id="3"]`. */
  code: string;
  /** The form's title, so each copy button says which code it copies. */
  title: string;
  /** Unique in the page: each island is rendered on its own, so `useId` would repeat. */
  inputId: string;
};

/** A form's embed code with a button that copies it (CopyField). */
export default function CopyEmbed({ code, title, inputId }: Props) {
  return (
    <CopyField
      value={code}
      label={m.embedOf(title)}
      button={m.copy}
      buttonWhat={m.copyWhat(title)}
      copied={m.copied}
      copySelected={m.copySelected}
      inputId={inputId}
    />
  );
}
