/**
 * Email format accepted by the console's forms: a local part, '@', and dot-separated host labels
 * (a bare host such as `localhost` is valid, like the reference's email validator).
 */
const EMAIL_PATTERN =
  /^(?=.{1,254}$)(?=.{1,64}@)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmailFormat(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Whole non-negative number, or an empty field. */
export function isOptionalNonNegativeInteger(value: number | null | undefined): boolean {
  return value === null || value === undefined || (Number.isInteger(value) && value >= 0);
}

/**
 * A required text of at most `maxLength` characters (names, titles): an i18n key when blank (spaces
 * only) or too long, true otherwise.
 */
export function requiredTextRule(requiredKey: string, maxLengthKey: string, maxLength: number) {
  return (value: string): string | true =>
    value.trim().length === 0 ? requiredKey : value.length > maxLength ? maxLengthKey : true;
}
