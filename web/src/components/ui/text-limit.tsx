import { useId, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { limitCounter, limitHint, whatWasCut, type Insertion } from '#web/lib/text-limit';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** Text as the control will take it: an input drops line breaks, a textarea keeps them as LF. */
function asInserted(control: TextControl, text: string): string {
  return control instanceof HTMLInputElement ? text.replace(/\r?\n/g, '') : text.replace(/\r\n?/g, '\n');
}

function insertion(control: TextControl, inserted: string, max: number, kind: Insertion['kind']): Insertion {
  const length = control.value.length;
  return { length, selectionStart: control.selectionStart ?? length, selectionEnd: control.selectionEnd ?? length, inserted: asInserted(control, inserted), max, kind };
}

export interface TextLimit {
  /** spread on the input or textarea, after its own handlers are composed with `compose` */
  handlers: {
    onPaste: (event: ClipboardEvent<TextControl>) => void;
    onDrop: (event: DragEvent<TextControl>) => void;
    onKeyDown: (event: KeyboardEvent<TextControl>) => void;
    onInput: (event: FormEvent<TextControl>) => void;
  };
  /** the id of the always-present "Up to N characters." (for aria-describedby) */
  hintId: string;
  /** the counter, the hint for screen readers and the live message, for the label row and below */
  counter: React.ReactNode;
  message: React.ReactNode;
}

/**
 * A length limit said aloud: the counter shows it before it bites, the control's description
 * names it, and a cut paste (or typing stopped at the limit) is said in a polite live region,
 * visibly. The browser's own `maxLength` still does the cutting.
 */
export function useTextLimit(max: number, { length: controlled, initialLength = 0 }: { length?: number | undefined; initialLength?: number | undefined } = {}): TextLimit {
  const id = useId();
  // A controlled field says its length; an uncontrolled one is counted as it changes.
  const [typed, setTyped] = useState(initialLength);
  const length = controlled ?? typed;
  const [said, setSaid] = useState('');
  const hintId = `${id}-limit`;
  const say = (message: string | undefined) => {
    if (message) setSaid(message);
  };
  return {
    hintId,
    handlers: {
      onPaste: (event) => say(whatWasCut(insertion(event.currentTarget, event.clipboardData.getData('text/plain'), max, 'paste'))),
      onDrop: (event) => say(whatWasCut(insertion(event.currentTarget, event.dataTransfer.getData('text/plain'), max, 'drop'))),
      onKeyDown: (event) => {
        // A character typed into a full field: the browser drops it without a sound.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        say(whatWasCut(insertion(event.currentTarget, event.key, max, 'type')));
      },
      onInput: (event) => {
        const next = event.currentTarget.value.length;
        setTyped(next);
        if (next < max) setSaid('');
      },
    },
    counter: (
      <>
        <span className="field__count" aria-hidden="true" data-full={length >= max ? '' : undefined}>
          {limitCounter(length, max)}
        </span>
        <span id={hintId} className="visually-hidden">
          {limitHint(max)}
        </span>
      </>
    ),
    message: (
      <p className="field__limit-message" role="status">
        {length >= max ? said : ''}
      </p>
    ),
  };
}

/** Runs the control's own handler, then the limit's. */
export function compose<E>(own: ((event: E) => void) | undefined, limit: (event: E) => void): (event: E) => void {
  return (event) => {
    own?.(event);
    limit(event);
  };
}
