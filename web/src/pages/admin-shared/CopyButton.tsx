import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { adminSharedMessages } from './messages';
import './admin-shared.css';

/** How long "Copied" stays before the button reads "Copy" again. */
const COPIED_FEEDBACK_MS = 2_000;

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name ("Copy correlation ID"). */
  what: string;
}

/** Copies a value (an id) to the clipboard and says so in place. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const { t } = useMessages('adminShared', adminSharedMessages);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      // navigator.clipboard is missing on plain-http origins other than localhost.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
  }

  return (
    <button type="button" className="admin-copy" onClick={() => void copy()} aria-label={t('copy.label', { what })}>
      <span aria-live="polite">
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.button')}
      </span>
    </button>
  );
}
