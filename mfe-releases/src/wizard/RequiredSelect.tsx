import { SelectField, type SelectFieldProps } from '@portal/kit';
import { RELEASE_UI } from '@portal/contracts';

/**
 * A required SelectField of the release wizard, whose empty first option is "Select"
 * (RELEASE_UI.info.select): release type, genres, track versions, languages and the like.
 */
export function RequiredSelect(props: Omit<SelectFieldProps, 'required' | 'placeholder'>) {
  return <SelectField required placeholder={RELEASE_UI.info.select} {...props} />;
}
