import { useId } from 'react';

export interface SettingsSwitchProps {
  label: string;
  /** What the switch does, read out as its description. */
  text: string;
  checked: boolean;
  /** "On" / "Off", shown under the switch. */
  stateLabel: string;
  onChange: (checked: boolean) => void;
}

/** One on/off choice of the settings page: a native checkbox drawn as a switch (role="switch"), its label and why. */
export function SettingsSwitch({ label, text, checked, stateLabel, onChange }: SettingsSwitchProps) {
  const id = useId();
  return (
    <div className="settings-switch">
      <div className="settings-switch__text">
        <label htmlFor={id} className="settings-switch__label">
          {label}
        </label>
        <p id={`${id}-text`} className="settings-switch__description">
          {text}
        </p>
      </div>
      <div className="settings-switch__control">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="settings-switch__input"
          checked={checked}
          aria-describedby={`${id}-text`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="settings-switch__state" aria-hidden="true">
          {stateLabel}
        </span>
      </div>
    </div>
  );
}
