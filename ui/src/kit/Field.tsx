import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import styles from "./Field.module.css";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint?: string;
  onChange: (value: string) => void;
}

/**
 * Focuses an input once, when it mounts, as React's `autoFocus` does. The
 * `autofocus` attribute (what Preact would set) is not used: WebKit can act
 * on it later, at a moment no field holds the focus, and take the focus from
 * a field the user is in the middle of typing into.
 */
const focusOnMount = (input: HTMLInputElement | null) => input?.focus();

/** A labelled text input with an optional hint under it. */
export function TextField({ label, hint, onChange, className, autoFocus, ref, ...rest }: TextFieldProps) {
  const hintId = useId();
  return (
    <label className={styles.field}>
      {label}
      <input
        className={[styles.input, className].filter(Boolean).join(" ")}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? hintId : undefined}
        ref={autoFocus ? focusOnMount : ref}
        {...rest}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </label>
  );
}

/** A bare search input for toolbars. */
export function SearchInput({ label, onChange, ...rest }: TextFieldProps) {
  return (
    <input
      type="search"
      className={styles.input}
      aria-label={label}
      placeholder={label}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
}

/** A labelled drop-down, laid out as a text field is: the label above, the choice across. */
export function SelectField({ label, value, onChange, testId, disabled, required, children }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  disabled?: boolean;
  required?: boolean;
  /** The `<option>`s. */
  children: ReactNode;
}) {
  return (
    <label className={styles.field}>
      {label}
      <select
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        required={required}
        data-testid={testId}
      >
        {children}
      </select>
    </label>
  );
}
