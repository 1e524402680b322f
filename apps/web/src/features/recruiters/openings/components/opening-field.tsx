import type { FieldError } from '@lumenfield/contract';
import { FieldFrame, type FieldFrameProps, fieldErrorFor } from '../../shared/components/fields';
import type { OpeningForm } from '../opening-form';

/** A field of the opening form: its id and error come from the form's field name. */
export function Field({
  name,
  errors,
  ...rest
}: {
  name: Exclude<keyof OpeningForm, 'questions'>;
  label: string;
  hint?: string;
  errors: FieldError[];
  children: FieldFrameProps['children'];
}) {
  return <FieldFrame id={`opening-${name}`} error={fieldErrorFor(errors, name)} {...rest} />;
}
