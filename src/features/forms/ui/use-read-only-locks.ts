import { type RefObject, useEffect, useState } from 'react';
import type { FormField } from '../form-definition.ts';
import {
  installReadOnlyApi,
  locksAfter,
  type ReadOnlyLocks,
  type ReadOnlyRequest,
  readOnlyEvent,
} from './read-only.ts';

/** The read-only locks of one form, as the definition sets them and page scripts change them. */
export function useReadOnlyLocks(
  formRef: RefObject<HTMLFormElement | null>,
  formReadOnly: boolean,
  fields: readonly FormField[],
) {
  const [locks, setLocks] = useState<ReadOnlyLocks>({ form: formReadOnly, fields: {} });

  useEffect(() => {
    const element = formRef.current;
    const onRequest = (event: Event) => {
      const request = (event as CustomEvent<ReadOnlyRequest>).detail;
      setLocks((current) => locksAfter(current, request, fields));
    };
    element?.addEventListener(readOnlyEvent, onRequest);
    installReadOnlyApi();
    return () => element?.removeEventListener(readOnlyEvent, onRequest);
  }, [formRef, fields]);

  return {
    formLocked: locks.form,
    isLocked: (field: FormField) => locks.form || (locks.fields[field.id] ?? field.readOnly),
  };
}
