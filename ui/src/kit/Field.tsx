import { useId, type InputHTMLAttributes, type Ref } from "react";
import styles from "./Field.module.css";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A labelled text input with an optional hint under it. */
export function TextField({ label, hint, onChange, className, ...rest }: TextFieldProps) {
  const hintId = useId();
  return (
    <label className={styles.field}>
      {label}
      <input
        className={[styles.input, className].filter(Boolean).join(" ")}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? hintId : undefined}
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
