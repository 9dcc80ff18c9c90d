import { CONTACT_FIELD_MAX_LENGTH, COUNTRIES, type ContactField, isValidPostalCode } from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../FormTextField';
import { isEmailFormat } from '../form-rules';

/** Form values holding the contact block (spec 3 §3 "Contact"). */
export type ContactValues = Record<ContactField, string>;

export interface ContactFieldsProps<V extends FieldValues & ContactValues> {
  control: Control<V>;
  disabled?: boolean;
  /** data-testid prefix of the inputs, e.g. 'customer' gives 'customer-city'. */
  testIdPrefix: string;
}

/** Empty contact values, as a new tenant or customer starts. */
export function emptyContactValues(): ContactValues {
  return { country: '', city: '', state: '', zip: '', address: '', address2: '', phone: '', email: '' };
}

/** Contact values of a stored entity (nulls become empty text). */
export function contactValuesOf(entity: Partial<Record<ContactField, string | null>> | null): ContactValues {
  const values = emptyContactValues();
  for (const key of Object.keys(values) as ContactField[]) {
    values[key] = entity?.[key] ?? '';
  }
  return values;
}

/** Contact fields for the wire: empty text is sent as null. */
export function contactOfValues(values: ContactValues): Record<ContactField, string | null> {
  const result = {} as Record<ContactField, string | null>;
  for (const key of Object.keys(emptyContactValues()) as ContactField[]) {
    const text = values[key].trim();
    result[key] = text.length > 0 ? text : null;
  }
  return result;
}

const maxLength = (key: string) => (value: string) =>
  !value || value.length <= CONTACT_FIELD_MAX_LENGTH || key;

/**
 * The contact form section (spec 3 §2.2, §5): country (from the country list), city, state, zip
 * (checked against the country's postal pattern), address, address 2, phone and email.
 */
export function ContactFields<V extends FieldValues & ContactValues>({
  control,
  disabled,
  testIdPrefix,
}: ContactFieldsProps<V>) {
  const { t } = useTranslation();
  // The generic form holds the contact keys; the casts name them within V.
  const name = (key: ContactField) => key as Path<V>;
  const country = useController({ control, name: name('country') });
  const row = { display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } } as const;
  return (
    <Box>
      <Autocomplete
        options={COUNTRIES as string[]}
        value={(country.field.value as string) || null}
        onChange={(_event, next) => country.field.onChange(next ?? '')}
        onBlur={country.field.onBlur}
        disabled={disabled}
        autoHighlight
        openText={t('entity.open')}
        clearText={t('action.clear')}
        closeText={t('action.close')}
        noOptionsText={t('contact.no-countries')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('contact.country')}
            margin="dense"
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `${testIdPrefix}-country` } }}
          />
        )}
      />
      <Box sx={row}>
        <FormTextField
          control={control}
          name={name('city')}
          label={t('contact.city')}
          disabled={disabled}
          rules={{ validate: maxLength('contact.city-max-length') }}
          testId={`${testIdPrefix}-city`}
        />
        <FormTextField
          control={control}
          name={name('state')}
          label={t('contact.state')}
          disabled={disabled}
          rules={{ validate: maxLength('contact.state-max-length') }}
          testId={`${testIdPrefix}-state`}
        />
        <FormTextField
          control={control}
          name={name('zip')}
          label={t('contact.postal-code')}
          disabled={disabled}
          rules={{
            deps: [name('country')],
            validate: (value: string, values: V) =>
              isValidPostalCode(values.country, value) || 'contact.postal-code-invalid',
          }}
          testId={`${testIdPrefix}-zip`}
        />
      </Box>
      <FormTextField
        control={control}
        name={name('address')}
        label={t('contact.address')}
        disabled={disabled}
        testId={`${testIdPrefix}-address`}
      />
      <FormTextField
        control={control}
        name={name('address2')}
        label={t('contact.address2')}
        disabled={disabled}
        testId={`${testIdPrefix}-address2`}
      />
      <Box sx={row}>
        <FormTextField
          control={control}
          name={name('phone')}
          label={t('contact.phone')}
          disabled={disabled}
          rules={{ validate: maxLength('contact.phone-max-length') }}
          testId={`${testIdPrefix}-phone`}
        />
        <FormTextField
          control={control}
          name={name('email')}
          label={t('contact.email')}
          type="email"
          disabled={disabled}
          rules={{
            validate: (value: string) => !value || isEmailFormat(value.trim()) || 'user.invalid-email-format',
          }}
          testId={`${testIdPrefix}-email`}
        />
      </Box>
    </Box>
  );
}
