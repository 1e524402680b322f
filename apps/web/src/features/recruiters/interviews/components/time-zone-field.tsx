import { FieldFrame } from '../../common/components/fields';
import { zoneChoices } from '../zones';

/** A labelled select of the IANA time zones, `value` and `also` always among them. */
export function TimeZoneField({
  id,
  label,
  hint,
  value,
  also,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  also?: string;
  error?: string | undefined;
  onChange: (zone: string) => void;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {zoneChoices(value, also).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
