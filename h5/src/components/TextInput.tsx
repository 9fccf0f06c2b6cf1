import type { ChangeEvent, HTMLInputTypeAttribute } from 'react';

export interface TextInputProps {
  /** The accessible name (the form item's label, which react-vant does not tie to the input). */
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
  readOnly?: boolean;
}

/**
 * A plain text input styled like react-vant's, for `Form.Item`: unlike react-vant's Input it keeps
 * `id`, `aria-label` and `autocomplete`, so the form is usable by label and by password managers.
 * Only the props above reach the element (Form.Item also hands its children internal ones).
 */
export function TextInput(props: TextInputProps) {
  const { label, onChange, value } = props;
  return (
    <div className="rv-input text-input">
      <input
        id={props.id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        disabled={props.disabled}
        readOnly={props.readOnly}
        className="rv-input__control"
        aria-label={label}
        value={value ?? ''}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value)}
      />
    </div>
  );
}
