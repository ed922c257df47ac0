import { maskitoTransform } from '@maskito/core';
import { useMaskito } from '@maskito/react';
import type { InputHTMLAttributes } from 'react';
import { maskSlots } from '../../rules/mask.ts';

/**
 * A masked input (Maskito): the mask's fixed characters are typed for the visitor, and only a
 * character its slot takes is accepted. Whether the value fills the mask is the shared rule's
 * to say ("Please fill out the field in required format.").
 */
export function MaskedInput({
  mask,
  inputProps,
  onValue,
}: {
  mask: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { value: string };
  onValue: (value: string) => void;
}) {
  const options = { mask: maskSlots(mask) };
  const ref = useMaskito({ options });
  return (
    <input
      {...inputProps}
      ref={ref}
      value={inputProps.value}
      onInput={(e) => onValue(maskitoTransform(e.currentTarget.value, options))}
      onChange={() => undefined}
    />
  );
}
