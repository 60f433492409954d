import { useId, type ReactNode } from 'react';

/** One titled block of the settings page. */
export function SettingsSection({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section__head">
        <h2 id={titleId} className="settings-section__title">
          {title}
        </h2>
        {lead && <p className="settings-section__lead">{lead}</p>}
      </div>
      <div className="settings-section__body">{children}</div>
    </section>
  );
}
