import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './button.css';

/** default, outline and ghost (product-spec.md §2); danger for what cannot be undone (delete account). */
export type ButtonVariant = 'default' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** stretches to the width of its container */
  block?: boolean;
}

/** The button look, for links that should read as buttons (`<Link className={buttonClassName()}>`). */
export function buttonClassName({ variant = 'default', size = 'md', block = false }: ButtonStyle = {}, extra?: string) {
  return ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /**
   * shows a spinner, sets aria-busy and aria-disabled and blocks clicks (and the form submission
   * they would cause) while keeping the label for screen readers. It does not set `disabled`:
   * a disabled button drops keyboard focus to the page's start in the middle of a task.
   */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  className,
  type = 'button',
  disabled,
  children,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading ? <span className="btn__spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
