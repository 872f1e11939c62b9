import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { PASSWORD_MIN } from '#shared/auth';
import { compose, useTextLimit } from './text-limit';
import './form.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** a control beside the label (e.g. 'Forgot password?') */
  labelAside?: ReactNode;
  children: ReactNode;
  className?: string;
  /** a length limit said aloud: its counter beside the label, its message below the control */
  limit?: { counter: ReactNode; message: ReactNode } | undefined;
}

function FieldFrame({ id, label, hint, error, labelAside, children, className, limit }: FieldFrameProps) {
  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelAside}
        {limit?.counter}
      </div>
      {children}
      {limit?.message}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.8v3.8M8 11v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a control points to with aria-describedby: its hint, then its error. */
function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  return [extra, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  labelAside?: ReactNode;
  /** an element after the input, inside its frame (a toggle button) */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement> | undefined;
}

/**
 * A labelled input with its hint and error; an error sets aria-invalid and is described. A
 * `maxLength` is said aloud (./text-limit.tsx): a counter, and a message when a paste is cut.
 */
export function TextField({
  label,
  hint,
  error,
  labelAside,
  trailing,
  className,
  'aria-describedby': ariaDescribedBy,
  ...props
}: TextFieldProps) {
  const id = useId();
  const limit = useTextLimit(props.maxLength ?? 0, {
    length: typeof props.value === 'string' ? props.value.length : undefined,
    initialLength: typeof props.defaultValue === 'string' ? props.defaultValue.length : 0,
  });
  const limited = props.maxLength !== undefined && props.maxLength > 0;
  const limitProps = limited
    ? {
        onPaste: compose(props.onPaste, limit.handlers.onPaste),
        onDrop: compose(props.onDrop, limit.handlers.onDrop),
        onKeyDown: compose(props.onKeyDown, limit.handlers.onKeyDown),
        onInput: compose(props.onInput, limit.handlers.onInput),
      }
    : {};
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} labelAside={labelAside} className={className} limit={limited ? limit : undefined}>
      <div className={['field__control', trailing && 'field__control--trailing'].filter(Boolean).join(' ')}>
        <input
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error, [ariaDescribedBy, limited ? limit.hintId : undefined].filter(Boolean).join(' ') || undefined)}
          {...props}
          {...limitProps}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle: one name, 'Show password', pressed while shown. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label="Show password"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? (
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path d="M3 3l14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              <path
                d="M8.3 5.2A8.7 8.7 0 0 1 10 5c4.2 0 7 4 7.6 5-.3.5-1 1.6-2.1 2.6M5.4 6.5C3.8 7.6 2.8 9.2 2.4 10c.6 1 3.4 5 7.6 5 1.3 0 2.4-.4 3.4-.9"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
          ) : (
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path d="M2.4 10c.6-1 3.4-5 7.6-5s7 4 7.6 5c-.6 1-3.4 5-7.6 5s-7-4-7.6-5Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="10" cy="10" r="2.4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          )}
        </button>
      }
    />
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** the label is read by screen readers only (a select inside a table row) */
  hideLabel?: boolean;
}

export function SelectField({ label, hint, error, hideLabel = false, className, children, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={hideLabel ? <span className="visually-hidden">{label}</span> : label}
      hint={hint}
      error={error}
      className={[hideLabel && 'field--bare', className].filter(Boolean).join(' ')}
    >
      <div className="field__control field__control--select">
        <select
          id={id}
          className="input select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...props}
        >
          {children}
        </select>
        <svg className="select__chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="m4.5 6.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ label, hint, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input id={id} type="checkbox" className="checkbox__input" aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
      <div>
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export interface FormMessageProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  title?: ReactNode;
}

/**
 * A form-level message. Errors are alerts (announced at once); success and information are
 * polite status messages.
 */
export function FormMessage({ tone = 'error', title, children }: FormMessageProps) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="form-message__icon" aria-hidden="true">
        {tone === 'success' ? (
          <svg viewBox="0 0 20 20">
            <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m6.5 10.2 2.3 2.3 4.7-4.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20">
            <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d={tone === 'error' ? 'M10 6v5M10 13.8v.1' : 'M10 9v5M10 6.2v.1'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        )}
      </span>
      <div className="form-message__body">
        {title ? <p className="form-message__title">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}

/** A new password's input: the browser may offer to generate one, and the length rule is said under it. */
export function NewPasswordField({ label = 'New password', ...props }: Omit<PasswordFieldProps, 'label' | 'autoComplete' | 'hint' | 'required'> & { label?: string }) {
  return <PasswordField label={label} autoComplete="new-password" required hint={`At least ${PASSWORD_MIN} characters.`} {...props} />;
}
