import { useId, type ReactNode } from 'react';

/** One action of "Your data": what it does, then its controls (given the text's id to be described by). */
export function DataAction({ hint, children }: { hint: ReactNode; children: (hintId: string) => ReactNode }) {
  const hintId = useId();
  return (
    <div className="settings-data-action">
      <p id={hintId} className="settings-note">
        {hint}
      </p>
      <div className="settings-form__actions">{children(hintId)}</div>
    </div>
  );
}
